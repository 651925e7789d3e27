import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { TenantMapRegion } from './tenant-map-defaults';

/** A tenant's map region by slug (anon may read it: the public pages need it too); null: no such tenant. */
export async function getTenantMapRegion(
  slug: string,
): Promise<(TenantMapRegion & { country_code: string | null }) | null> {
  const rows = await runQuery(supabase.rpc('tenant_map_region', { slug }));
  const row = rows[0];
  return row ? { ...row, map_zoom: Number(row.map_zoom) } : null;
}

export const tenantMapRegionQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('map-region').all,
    queryFn: () => getTenantMapRegion(slug),
    staleTime: 30 * 60_000,
  });
