// Lakrids driver search for the user form: `GET ?tenant=<slug>&driver_name=<text>` → `{ data: [{ driver_number, name }] }`.
// Only for tenants with the lakrids flag; an empty name answers no drivers without asking Lakrids.
import { json, preflight } from '../_shared/cors.ts';
import { authorizeCaller } from '../_shared/caller.ts';
import { providerSetting } from '../_shared/env.ts';
import { failure } from '../_shared/http.ts';
import {
  type LakridsDriver,
  type LakridsDriverDirectory,
  lakridsHttpDirectory,
  lakridsLocalDirectory,
} from '../_shared/providers/lakrids-drivers.ts';
import { ProviderError } from '../_shared/providers/provider-error.ts';
import localDrivers from '../_shared/fixtures/lakrids-drivers.json' with { type: 'json' };

/** The real Lakrids API when the tenant's account is configured, else the local stand-in. */
function directoryFor(tenantSlug: string): LakridsDriverDirectory {
  const baseUrl = providerSetting('LAKRIDS_API_URL', tenantSlug);
  const token = providerSetting('LAKRIDS_API_TOKEN', tenantSlug);
  if (baseUrl && token) return lakridsHttpDirectory({ baseUrl, token });
  const fixtures = localDrivers as unknown as Record<string, LakridsDriver[] | undefined>;
  return lakridsLocalDirectory(fixtures[tenantSlug] ?? []);
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET') return failure(405, 'Method not allowed');

  const caller = await authorizeCaller(req, ['admin', 'depo_admin']);
  if (caller instanceof Response) return caller;
  if (!caller.tenant.has_lakrids) return failure(404, 'This tenant does not use Lakrids');

  const driverName = new URL(req.url).searchParams.get('driver_name')?.trim() ?? '';
  if (driverName === '') return json({ data: [] });
  try {
    return json({ data: await directoryFor(caller.tenant.slug).search(driverName) });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(error.message);
    return failure(502, 'Lakrids did not answer, please try again.');
  }
});
