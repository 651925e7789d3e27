// Address search for the customer form: `GET ?tenant=<slug>&type=global|local&q=<text>` → `[{ place_name, center: [lng, lat], id }]`.
// - local: the tenant's own addresses (route points, retail and B2B customers), with the caller's rights (RLS).
// - global: the tenant's geocoding provider (Mapbox, 1881) when configured, else the local address index.
// The search starts at 3 characters (inventory-public-support §5); shorter text answers `[]`.
// `GET ?site=<segment>&q=<text>`: the customers' pages (anon key), see public-search.ts; counted by the public
//   limiter (action address_search, per IP): over it 429 rate_limited.
// `GET ?tenant=<slug>&lat=<lat>&lng=<lng>`: reverse, the address at a point (a stop dragged on the route map) →
//   `[]` or `[{ place_name, center, id }]`: the tenant's Mapbox when configured, else the local address index.
import { z } from 'npm:zod@4.6.7';
import { json, preflight } from '../_shared/cors.ts';
import { parseValue, queryObject } from '../_shared/body.ts';
import { authorizeCaller, type Tenant } from '../_shared/caller.ts';
import { providerSetting } from '../_shared/env.ts';
import { failure } from '../_shared/http.ts';
import { type Geocoder, mapboxGeocoder, norway1881Geocoder } from '../_shared/providers/geocoder.ts';
import {
  type AddressRow,
  knownAddressesGeocoder,
  knownAddressesReverseGeocoder,
  toAddressResults,
} from '../_shared/providers/known-addresses-geocoder.ts';
import { mapboxReverseGeocoder, type ReverseGeocoder } from '../_shared/providers/reverse-geocoder.ts';
import { ProviderError } from '../_shared/providers/provider-error.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';
import { publicSiteTenant, searchForPublic } from './public-search.ts';
import { takePublicCall } from '../_shared/public-limiter.ts';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

const MIN_QUERY_LENGTH = 3;
const LOCAL_LIMIT = 10;
const GLOBAL_LIMIT = 5;

const Query = z.object({
  // Postgres text cannot hold NUL: a search with one failed in the database and the function answered 500.
  q: z
    .string()
    .trim()
    .max(200, { error: 'is too long (maximum is 200 characters)' })
    .refine((value) => !value.includes('\u0000'), { error: 'is invalid' })
    .default(''),
  type: z.enum(['global', 'local'], { error: 'is not included in the list' }).default('global'),
});

/** The provider the tenant's address_provider names, if its settings are present; else the local index. */
function geocoderFor(tenant: Tenant, service: SupabaseClient): Geocoder {
  if (tenant.address_provider === 'mapbox') {
    const accessToken = providerSetting('MAPBOX_ACCESS_TOKEN', tenant.slug);
    const baseUrl = providerSetting('MAPBOX_API_URL', tenant.slug) ?? 'https://api.mapbox.com';
    if (accessToken) return mapboxGeocoder({ baseUrl, accessToken });
  }
  if (tenant.address_provider === '1881') {
    const baseUrl = providerSetting('ADDRESS_1881_API_URL', tenant.slug);
    const subscriptionKey = providerSetting('ADDRESS_1881_API_KEY', tenant.slug);
    if (baseUrl && subscriptionKey) return norway1881Geocoder({ baseUrl, subscriptionKey });
  }
  return knownAddressesGeocoder(service);
}

const Point = z.object({
  lat: z.coerce
    .number({ error: 'is not a number' })
    .min(-90, { error: 'is not a latitude' })
    .max(90, { error: 'is not a latitude' }),
  lng: z.coerce
    .number({ error: 'is not a number' })
    .min(-180, { error: 'is not a longitude' })
    .max(180, { error: 'is not a longitude' }),
});

/** Mapbox for a tenant on Mapbox with its token; else (1881 has no reverse search we call) the local index. */
function reverseGeocoderFor(tenant: Tenant, service: SupabaseClient): ReverseGeocoder {
  if (tenant.address_provider === 'mapbox') {
    const accessToken = providerSetting('MAPBOX_ACCESS_TOKEN', tenant.slug);
    const baseUrl = providerSetting('MAPBOX_API_URL', tenant.slug) ?? 'https://api.mapbox.com';
    if (accessToken) return mapboxReverseGeocoder({ baseUrl, accessToken });
  }
  return knownAddressesReverseGeocoder(service, tenant.country_code);
}

/** The provider's failure as the address search answers it, so the screens read both alike. */
function providerFailure(error: ProviderError): Response {
  console.error(error.message);
  // Which provider failed and with what status: the support map names both ('mapbox call failed with code 500').
  const message = 'The address search did not answer, please try again.';
  return json(
    {
      error: message,
      errors: {},
      full_errors: [message],
      provider: error.provider.toLowerCase(),
      provider_status: error.providerStatus ?? null,
    },
    502,
  );
}

/** What a public site segment looks like (`dk`, `no`): anything else names no site, NUL included. */
const SITE_SEGMENT = /^[a-z0-9][a-z0-9-]{0,39}$/i;

async function searchPublicSite(req: Request, site: string, url: URL): Promise<Response> {
  if (!SITE_SEGMENT.test(site)) return failure(404, 'unknown_site');
  const parsed = parseValue(queryObject(url), Query);
  if (!parsed.ok) return parsed.response;
  const service = serviceClient();
  const tenant = await publicSiteTenant(service, site);
  // A refused call leaves no trace: only a search that would reach the geocoder is counted (a tenant on a paid
  // geocoder pays for every search a stranger sends).
  if (!tenant) return failure(404, 'unknown_site');
  if (parsed.data.q.length < MIN_QUERY_LENGTH) return json([]);
  if (!(await takePublicCall(service, 'address_search', req))) return failure(429, 'rate_limited');
  try {
    return json(await searchForPublic(geocoderFor(tenant, service), tenant, parsed.data.q));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(error.message);
    return failure(502, 'The address search did not answer, please try again.');
  }
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET') return failure(405, 'Method not allowed');

  const site = new URL(req.url).searchParams.get('site')?.trim();
  if (site) return await searchPublicSite(req, site, new URL(req.url));

  const caller = await authorizeCaller(req, ['admin', 'depo_admin', 'support']);
  if (caller instanceof Response) return caller;
  const url = new URL(req.url);
  if (url.searchParams.has('lat') || url.searchParams.has('lng')) {
    const point = parseValue(queryObject(url), Point);
    if (!point.ok) return point.response;
    try {
      const found = await reverseGeocoderFor(caller.tenant, caller.service).reverse(point.data.lng, point.data.lat, {
        language: caller.tenant.locale,
      });
      return json(found ? [found] : []);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return providerFailure(error);
    }
  }

  const parsed = parseValue(queryObject(url), Query);
  if (!parsed.ok) return parsed.response;
  const { q, type } = parsed.data;
  if (q.length < MIN_QUERY_LENGTH) return json([]);

  if (type === 'local') {
    const { data, error } = await caller.client.rpc('search_tenant_addresses', {
      p_tenant_id: caller.tenant.id,
      p_query: q,
      p_limit: LOCAL_LIMIT,
    });
    if (error) throw new Error(`search_tenant_addresses failed: ${error.message}`);
    return json(toAddressResults((data ?? []) as AddressRow[]));
  }

  try {
    const results = await geocoderFor(caller.tenant, caller.service).search(q, {
      countryCode: caller.tenant.country_code,
      language: caller.tenant.locale,
      limit: GLOBAL_LIMIT,
    });
    return json(results);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return providerFailure(error);
  }
});
