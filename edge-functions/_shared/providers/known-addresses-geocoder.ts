// The local stand-in for a geocoding provider: an address index built from the project's own data (the stop and
// depo addresses of the tenant's country, `public.search_known_addresses`), answering like a provider would.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { AddressResult, Geocoder } from './geocoder.ts';
import type { ReverseGeocoder } from './reverse-geocoder.ts';

export interface AddressRow {
  id: string;
  place_name: string;
  lng: number;
  lat: number;
}

export function toAddressResults(rows: AddressRow[]): AddressResult[] {
  return rows.map((row) => ({ place_name: row.place_name, center: [row.lng, row.lat], id: row.id }));
}

/** `service` must be the service-role client: the index spans tenants (stops and depos only, no customers). */
export function knownAddressesGeocoder(service: SupabaseClient): Geocoder {
  return {
    async search(query, options) {
      const { data, error } = await service.rpc('search_known_addresses', {
        p_country_code: options.countryCode,
        p_query: query,
        p_limit: options.limit,
      });
      if (error) throw new Error(`search_known_addresses failed: ${error.message}`);
      return toAddressResults((data ?? []) as AddressRow[]);
    },
  };
}

/** How far from a dragged stop the local index still names an address (a house or two, not the next street). */
export const LOCAL_REVERSE_METERS = 300;

/** The local reverse geocoder: the nearest stop or depo address of the country within LOCAL_REVERSE_METERS. */
export function knownAddressesReverseGeocoder(service: SupabaseClient, countryCode: string | null): ReverseGeocoder {
  return {
    async reverse(lng, lat) {
      const { data, error } = await service.rpc('reverse_known_address', {
        p_country_code: countryCode,
        p_lat: lat,
        p_lng: lng,
        p_max_meters: LOCAL_REVERSE_METERS,
      });
      if (error) throw new Error(`reverse_known_address failed: ${error.message}`);
      return toAddressResults((data ?? []) as AddressRow[])[0] ?? null;
    },
  };
}
