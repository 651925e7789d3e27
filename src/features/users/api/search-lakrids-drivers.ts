import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { callFunction } from '@/shared/supabase/call-function';

const lakridsDriverSchema = z.object({
  driver_number: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
});
export type LakridsDriver = z.infer<typeof lakridsDriverSchema>;

export async function searchLakridsDrivers(tenantSlug: string, driverName: string): Promise<LakridsDriver[]> {
  const answer = await callFunction<unknown>('lakrids-drivers', {
    query: { tenant: tenantSlug, driver_name: driverName },
  });
  return z.object({ data: z.array(lakridsDriverSchema) }).parse(answer).data;
}

export const lakridsDriversQueryOptions = (tenantSlug: string, driverName: string) =>
  queryOptions({
    queryKey: [...queryKeys.tenant(tenantSlug).resource('lakrids_drivers').lists(), { driverName }],
    queryFn: () => searchLakridsDrivers(tenantSlug, driverName),
    staleTime: 60_000,
  });

export function useLakridsDrivers(tenantSlug: string, driverName: string) {
  const trimmed = driverName.trim();
  return useQuery({ ...lakridsDriversQueryOptions(tenantSlug, trimmed), enabled: trimmed !== '' });
}
