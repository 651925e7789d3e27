import { z } from 'zod';
import type { AddressResult } from '@/shared/ui/address-search/address-search';
import { callFunction } from '@/shared/supabase/call-function';

const resultSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  place_name: z.string(),
  center: z.tuple([z.number(), z.number()]),
});

/** The tenant's geocoding provider (or the local address index) through the `geocode` function. */
export async function searchRouteAddress(tenantSlug: string, text: string): Promise<AddressResult[]> {
  return z
    .array(resultSchema)
    .parse(await callFunction<unknown>('geocode', { query: { tenant: tenantSlug, type: 'global', q: text } }));
}
