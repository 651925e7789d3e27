import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Database } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

export type TenantBranding = Database['public']['Functions']['tenant_public_branding']['Returns'][number];

/** What a public page shows of a tenant, as anon may read it (no row: no such tenant). */
export async function getTenantBranding(slug: string): Promise<TenantBranding | null> {
  const rows = await runQuery(supabase.rpc('tenant_public_branding', { slug }));
  return rows[0] ?? null;
}

export const tenantBrandingQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('public-branding').all,
    queryFn: () => getTenantBranding(slug),
    staleTime: 10 * 60_000,
  });
