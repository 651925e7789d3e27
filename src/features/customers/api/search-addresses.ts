import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { callFunction } from '@/shared/supabase/call-function';

/** Global: the tenant's geocoding provider; Local: the tenant's own known addresses. */
export type AddressSearchType = 'global' | 'local';

const addressResultSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  place_name: z.string(),
  center: z.tuple([z.number(), z.number()]),
});
export type AddressResult = z.infer<typeof addressResultSchema>;

/** The geocode function searches from 3 characters; shorter text is not sent. */
export const ADDRESS_SEARCH_MIN_LENGTH = 3;

export async function searchAddresses(
  tenantSlug: string,
  type: AddressSearchType,
  text: string,
): Promise<AddressResult[]> {
  const answer = await callFunction<unknown>('geocode', { query: { tenant: tenantSlug, type, q: text } });
  return z.array(addressResultSchema).parse(answer);
}

export const addressSearchQueryOptions = (tenantSlug: string, type: AddressSearchType, text: string) =>
  queryOptions({
    queryKey: [...queryKeys.tenant(tenantSlug).resource('address_search').lists(), { type, text }],
    queryFn: () => searchAddresses(tenantSlug, type, text),
    staleTime: 5 * 60_000,
  });

export function useAddressSearch(tenantSlug: string, type: AddressSearchType, text: string) {
  const trimmed = text.trim();
  return useQuery({
    ...addressSearchQueryOptions(tenantSlug, type, trimmed),
    enabled: trimmed.length >= ADDRESS_SEARCH_MIN_LENGTH,
  });
}
