// Lakrids (the external driver system of the tenants with the lakrids flag) driver search for the user form.
// Real adapter: `GET {LAKRIDS_API_URL}/drivers?driver_name=<name>` with `Authorization: Bearer <LAKRIDS_API_TOKEN>`,
// answering `{ "data": [{ "driver_number", "name" }] }`, which the function passes on in the same shape.
// Free of Deno and npm: imports, so the adapter can be exercised from Node against a fake provider too.
import { getProviderJson, ProviderError } from './provider-error.ts';

export interface LakridsDriver {
  driver_number: string;
  name: string;
}

export interface LakridsDriverDirectory {
  search(driverName: string): Promise<LakridsDriver[]>;
}

export interface LakridsHttpConfig {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
}

export function lakridsHttpDirectory(config: LakridsHttpConfig): LakridsDriverDirectory {
  return {
    async search(driverName) {
      const url = new URL('drivers', config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
      url.searchParams.set('driver_name', driverName);
      const body = await getProviderJson('Lakrids', url, {
        headers: { Authorization: `Bearer ${config.token}` },
        fetch: config.fetch,
      });
      const data = (body as { data?: unknown })?.data;
      if (!Array.isArray(data)) throw new ProviderError('Lakrids', 'answered without a data list');
      return data
        .map((driver: { driver_number?: unknown; name?: unknown }) => ({
          driver_number: String(driver.driver_number ?? ''),
          name: typeof driver.name === 'string' ? driver.name : '',
        }))
        .filter((driver) => driver.driver_number !== '');
    },
  };
}

/** The local stand-in: a fixed driver list (data, per tenant), searched by name or number. */
export function lakridsLocalDirectory(drivers: readonly LakridsDriver[]): LakridsDriverDirectory {
  return {
    search(driverName) {
      const needle = driverName.trim().toLocaleLowerCase();
      return Promise.resolve(
        drivers
          .filter((d) => d.name.toLocaleLowerCase().includes(needle) || d.driver_number.includes(needle))
          .slice(0, 20),
      );
    },
  };
}
