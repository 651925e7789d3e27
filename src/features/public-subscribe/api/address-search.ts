import { callFunction } from '@/shared/supabase/call-function';
import type { AddressResult } from '@/shared/ui/address-search/address-search';

/** The customers' address search: the geocode function for a public site (its country, 5 results). */
export function searchPublicAddresses(site: string, q: string): Promise<AddressResult[]> {
  return callFunction<AddressResult[]>('geocode', { query: { site, q } });
}
