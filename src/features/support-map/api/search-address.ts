import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { callFunction } from '@/shared/supabase/call-function';

const resultSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  place_name: z.string(),
  center: z.tuple([z.number(), z.number()]),
});
export type AddressHit = z.infer<typeof resultSchema>;

/** The geocode function (the tenant's provider: Mapbox, 1881, or the local index); from 3 characters. */
export const addressSearchQueryOptions = (tenantSlug: string, text: string) =>
  queryOptions({
    queryKey: [...queryKeys.tenant(tenantSlug).resource('support-map-address').lists(), text],
    queryFn: async () => z.array(resultSchema).parse(await callFunction<unknown>('geocode', { query: { tenant: tenantSlug, type: 'global', q: text } })),
    staleTime: 5 * 60_000,
    retry: false,
  });
