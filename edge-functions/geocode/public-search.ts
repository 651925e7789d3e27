// The customers' address search (public subscribe, support of anon callers): `GET ?site=<segment>&q=<text>` with
// the anon key. The site's tenant decides the provider, as for staff; the search stays in the tenant's country
// (Danish search limited to Denmark) and answers at most 5 results (the Norwegian limit, spec §5).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { Tenant } from '../_shared/caller.ts';
import type { AddressResult, Geocoder } from '../_shared/providers/geocoder.ts';

export const PUBLIC_LIMIT = 5;

/** The tenant of a public site, with the fields the geocoders need; null for an unknown or worldwide site. */
export async function publicSiteTenant(service: SupabaseClient, site: string): Promise<Tenant | null> {
  const { data: sites, error } = await service.rpc('public_site', { segment: site });
  if (error) throw new Error(`public_site failed: ${error.message}`);
  const found = (sites as { slug: string; is_public: boolean }[] | null)?.[0];
  if (!found || found.is_public) return null;
  const { data, error: tenantError } = await service
    .from('tenants')
    .select('id, slug, country_code, locale, time_zone, date_format, address_provider, has_lakrids, has_wallmob')
    .eq('slug', found.slug)
    .maybeSingle<Tenant>();
  if (tenantError) throw new Error(`tenant lookup failed: ${tenantError.message}`);
  return data;
}

export function searchForPublic(geocoder: Geocoder, tenant: Tenant, q: string): Promise<AddressResult[]> {
  return geocoder.search(q, { countryCode: tenant.country_code, language: tenant.locale, limit: PUBLIC_LIMIT });
}
