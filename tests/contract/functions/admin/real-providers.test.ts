import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapboxGeocoder, norway1881Geocoder } from '../../../../edge-functions/_shared/providers/geocoder.ts';
import { mapboxReverseGeocoder } from '../../../../edge-functions/_shared/providers/reverse-geocoder.ts';
import { lakridsHttpDirectory } from '../../../../edge-functions/_shared/providers/lakrids-drivers.ts';
import { ProviderError } from '../../../../edge-functions/_shared/providers/provider-error.ts';
import { wallmobHttpDirectory } from '../../../../edge-functions/_shared/providers/wallmob-users.ts';
import { asPostgres } from '../../../support/clients.ts';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from './support/fake-provider.ts';
import { addFunctionEnv, eventually, perTenant } from './support/function-env.ts';
import { createThrowawayTenant, type ThrowawayTenant } from './support/throwaway-tenant.ts';

// The real HTTP adapters of the outside providers, against fake providers served on loopback: first the adapters
// on their own, then end to end through the functions (settings in edge-functions/.env, per tenant, for a
// throwaway tenant, so other tests running meanwhile keep their local adapters).

const MAPBOX_FEATURES = {
  type: 'FeatureCollection',
  features: [
    { id: 'address.111', place_name: 'Vestergade 1, 8000 Aarhus C, Danmark', center: [10.2039, 56.1567] },
    { id: 'address.222', place_name: 'Vestergade 10, 5000 Odense C, Danmark', center: [10.3833, 55.3959] },
    { id: 'broken', place_name: 'No centre' },
  ],
};
const MAPBOX_REVERSE = {
  type: 'FeatureCollection',
  features: [
    { id: 'broken', place_name: 'No centre' },
    { id: 'address.333', place_name: 'Søndergade 5, 8000 Aarhus C, Danmark', center: [10.2101, 56.1543] },
  ],
};
const ADDRESSES_1881 = [
  { Text: 'Storgata 1, 0155 Oslo', Id: 'n-1', Source: { Posisjon: { X: 10.7502, Y: 59.9127 } } },
  { Text: 'Storgata 2, 0155 Oslo', Id: 'n-2', Source: { Posisjon: { X: 10.751, Y: 59.913 } } },
];

let failing = false;
function route(request: RecordedRequest) {
  if (failing) return { status: 503, body: { message: 'down for maintenance' } };
  if (request.path === '/wallmob/users') {
    return {
      body: {
        results: [
          { id: 9001, first_name: 'Anne', last_name: 'Till' },
          { id: 'wm-2', full_name: 'Bo Kasse' },
        ],
        next: null,
      },
    };
  }
  if (request.path === '/lakrids/drivers')
    return { body: { data: [{ driver_number: 5501, name: `Driver ${request.query.get('driver_name')}` }] } };
  // A reverse lookup names "lng,lat" where a search names its text.
  if (/^\/mapbox\/geocoding\/v5\/mapbox\.places\/-?[\d.]+,-?[\d.]+\.json$/.test(request.path)) {
    return {
      body: request.path.includes('/0.000000,0.000000') ? { type: 'FeatureCollection', features: [] } : MAPBOX_REVERSE,
    };
  }
  if (request.path.startsWith('/mapbox/geocoding/v5/mapbox.places/')) return { body: MAPBOX_FEATURES };
  if (request.path === '/1881/search') return { body: ADDRESSES_1881 };
  return undefined;
}

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider(route);
});
afterAll(async () => {
  await fake.close();
});

describe('provider adapters against fake providers', () => {
  it('Wallmob: GET users?search= with the token, full names from first and last name', async () => {
    const users = await wallmobHttpDirectory({ baseUrl: `${fake.url}/wallmob`, token: 'wm-secret' }).search('an ne');
    expect(users).toEqual([
      { id: '9001', full_name: 'Anne Till' },
      { id: 'wm-2', full_name: 'Bo Kasse' },
    ]);
    const request = fake.requests.at(-1)!;
    expect(request.query.get('search')).toBe('an ne');
    expect(request.headers.authorization).toBe('Token wm-secret');
  });

  it('Lakrids: GET drivers?driver_name= with the bearer token', async () => {
    const drivers = await lakridsHttpDirectory({ baseUrl: `${fake.url}/lakrids/`, token: 'lk-secret' }).search('Ole');
    expect(drivers).toEqual([{ driver_number: '5501', name: 'Driver Ole' }]);
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer lk-secret');
  });

  it('Mapbox: the places endpoint with token, country, language and limit; features become results', async () => {
    const results = await mapboxGeocoder({ baseUrl: `${fake.url}/mapbox`, accessToken: 'pk.test' }).search(
      'Vestergade 1/2',
      { countryCode: 'DK', language: 'da', limit: 5 },
    );
    expect(results).toEqual([
      { place_name: 'Vestergade 1, 8000 Aarhus C, Danmark', center: [10.2039, 56.1567], id: 'address.111' },
      { place_name: 'Vestergade 10, 5000 Odense C, Danmark', center: [10.3833, 55.3959], id: 'address.222' },
    ]);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/mapbox/geocoding/v5/mapbox.places/Vestergade%201%2F2.json');
    expect(Object.fromEntries(request.query)).toEqual({
      access_token: 'pk.test',
      autocomplete: 'true',
      limit: '5',
      language: 'da',
      country: 'dk',
    });
  });

  it('Mapbox reverse: the places endpoint at "lng,lat" with token, address type, one result and language', async () => {
    const reverse = mapboxReverseGeocoder({ baseUrl: `${fake.url}/mapbox/`, accessToken: 'pk.test' });
    expect(await reverse.reverse(10.21, 56.1543, { language: 'da' })).toEqual({
      place_name: 'Søndergade 5, 8000 Aarhus C, Danmark',
      center: [10.2101, 56.1543],
      id: 'address.333',
    });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/mapbox/geocoding/v5/mapbox.places/10.210000,56.154300.json');
    expect(Object.fromEntries(request.query)).toEqual({
      access_token: 'pk.test',
      types: 'address',
      limit: '1',
      language: 'da',
    });
    // No address at the point: null, not an error.
    expect(await reverse.reverse(0, 0, { language: 'da' })).toBeNull();
    await expect(
      mapboxReverseGeocoder({ baseUrl: `${fake.url}/nowhere`, accessToken: 'pk.test' }).reverse(10, 56, {
        language: 'da',
      }),
    ).rejects.toMatchObject({ provider: 'Mapbox', providerStatus: 404 });
  });

  it('1881: query with the subscription key; Text, Id and Posisjon X/Y become results', async () => {
    const results = await norway1881Geocoder({
      baseUrl: `${fake.url}/1881/search`,
      subscriptionKey: 'key-1881',
    }).search('storgata', { countryCode: 'NO', language: 'nb', limit: 1 });
    expect(results).toEqual([{ place_name: 'Storgata 1, 0155 Oslo', center: [10.7502, 59.9127], id: 'n-1' }]);
    expect(fake.requests.at(-1)!.headers['ocp-apim-subscription-key']).toBe('key-1881');
  });

  it('turns a failing or unknown answer into a ProviderError', async () => {
    await expect(
      wallmobHttpDirectory({ baseUrl: `${fake.url}/nowhere`, token: 't' }).search('x'),
    ).rejects.toBeInstanceOf(ProviderError);
    await expect(lakridsHttpDirectory({ baseUrl: `${fake.url}/wallmob`, token: 't' }).search('x')).rejects.toThrow(
      'Lakrids: answered 404',
    );
    await expect(wallmobHttpDirectory({ baseUrl: 'http://127.0.0.1:9', token: 't' }).search('x')).rejects.toThrow(
      /Wallmob: request failed/,
    );
    // The provider's status travels with the error: the support map names it ('mapbox call failed with code 404').
    await expect(
      mapboxGeocoder({ baseUrl: `${fake.url}/nowhere`, accessToken: 'pk.test' }).search('abc', {
        countryCode: 'DK',
        language: 'da',
        limit: 5,
      }),
    ).rejects.toMatchObject({ provider: 'Mapbox', providerStatus: 404 });
  });
});

describe('functions with real providers configured (end to end)', () => {
  let tenant: ThrowawayTenant;
  let undoEnv: () => void;

  beforeAll(async () => {
    tenant = await createThrowawayTenant({
      flags: { has_wallmob: true, has_lakrids: true, address_provider: 'mapbox' },
    });
    undoEnv = addFunctionEnv({
      [perTenant('WALLMOB_API_URL', tenant.slug)]: `${fake.url}/wallmob`,
      [perTenant('WALLMOB_API_TOKEN', tenant.slug)]: 'wm-secret',
      [perTenant('LAKRIDS_API_URL', tenant.slug)]: `${fake.url}/lakrids`,
      [perTenant('LAKRIDS_API_TOKEN', tenant.slug)]: 'lk-secret',
      [perTenant('MAPBOX_API_URL', tenant.slug)]: `${fake.url}/mapbox`,
      [perTenant('MAPBOX_ACCESS_TOKEN', tenant.slug)]: 'pk.test',
      [perTenant('ADDRESS_1881_API_URL', tenant.slug)]: `${fake.url}/1881/search`,
      [perTenant('ADDRESS_1881_API_KEY', tenant.slug)]: 'key-1881',
    });
  });
  afterAll(async () => {
    undoEnv?.();
    await tenant?.drop();
  });

  const call = <T>(path: string) =>
    tenant.admin.client.functions.invoke<T>(`${path}${path.includes('?') ? '&' : '?'}tenant=${tenant.slug}`, {
      method: 'GET',
    });
  /** Waits until the function's new worker (started after the .env change) has reached the fake. */
  const reachesFake = async (path: string, fakePath: string) => {
    await eventually(async () => {
      const before = fake.requests.length;
      await call(path);
      return fake.requests.slice(before).some((r) => r.path.startsWith(fakePath));
    });
  };

  it('wallmob-users asks the Wallmob API', async () => {
    await reachesFake('wallmob-users?q=anne', '/wallmob/users');
    const { data } = await call('wallmob-users?q=anne');
    expect(data).toEqual([
      { id: '9001', full_name: 'Anne Till' },
      { id: 'wm-2', full_name: 'Bo Kasse' },
    ]);
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Token wm-secret');
  });

  it('lakrids-drivers asks the Lakrids API', async () => {
    await reachesFake('lakrids-drivers?driver_name=ole', '/lakrids/drivers');
    expect((await call('lakrids-drivers?driver_name=Ole')).data).toEqual({
      data: [{ driver_number: '5501', name: 'Driver Ole' }],
    });
  });

  it("geocode global asks the tenant's provider: Mapbox, then 1881 when the tenant switches", async () => {
    await reachesFake('geocode?type=global&q=vestergade', '/mapbox/');
    const { data } = await call('geocode?type=global&q=vestergade');
    expect(data).toEqual([
      { place_name: 'Vestergade 1, 8000 Aarhus C, Danmark', center: [10.2039, 56.1567], id: 'address.111' },
      { place_name: 'Vestergade 10, 5000 Odense C, Danmark', center: [10.3833, 55.3959], id: 'address.222' },
    ]);
    expect(fake.requests.at(-1)!.query.get('country')).toBe('dk');

    await asPostgres((db) =>
      db.query(
        `update public.tenants set address_provider = '1881', country_code = 'NO', locale = 'nb' where id = $1`,
        [tenant.id],
      ),
    );
    expect((await call('geocode?type=global&q=storgata')).data).toEqual([
      { place_name: 'Storgata 1, 0155 Oslo', center: [10.7502, 59.9127], id: 'n-1' },
      { place_name: 'Storgata 2, 0155 Oslo', center: [10.751, 59.913], id: 'n-2' },
    ]);
  });

  it('geocode reverse asks Mapbox at the dropped point', async () => {
    await asPostgres((db) =>
      db.query(
        `update public.tenants set address_provider = 'mapbox', country_code = 'DK', locale = 'da' where id = $1`,
        [tenant.id],
      ),
    );
    await reachesFake('geocode?lat=56.1543&lng=10.21', '/mapbox/geocoding/v5/mapbox.places/10.210000,56.154300.json');
    expect((await call('geocode?lat=56.1543&lng=10.21')).data).toEqual([
      { place_name: 'Søndergade 5, 8000 Aarhus C, Danmark', center: [10.2101, 56.1543], id: 'address.333' },
    ]);
    expect((await call('geocode?lat=0&lng=0')).data).toEqual([]);
  });

  it('answers 502 when the provider is down', async () => {
    failing = true;
    try {
      const { error } = await call('wallmob-users?q=anne');
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: 'Wallmob did not answer, please try again.' });
    } finally {
      failing = false;
    }
  });
});
