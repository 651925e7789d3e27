import { z } from 'zod';
import { callFunction } from '@/shared/supabase/call-function';
import type { AddressResult } from '@/shared/ui/address-search/address-search';

const resultSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  place_name: z.string(),
  center: z.tuple([z.number(), z.number()]),
});

/** The support map's address search: the geocode function with the tenant's provider (Mapbox, 1881 or the local index). */
export async function searchSupportAddresses(tenantSlug: string, text: string): Promise<AddressResult[]> {
  return z
    .array(resultSchema)
    .parse(await callFunction<unknown>('geocode', { query: { tenant: tenantSlug, type: 'global', q: text } }));
}
