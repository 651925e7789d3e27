import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Tables } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

/** The tenant row: name, country, currency, locale, date format and the feature flags. */
export type Tenant = Tables<'tenants'>;

/** Null when the user may not read it: RLS shows a tenant to its active members only. */
export function getTenant(slug: string): Promise<Tenant | null> {
  return runQuery(supabase.from('tenants').select('*').eq('slug', slug).maybeSingle());
}

export const tenantQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).row(),
    queryFn: () => getTenant(slug),
    // Flags change rarely and only by the product owner.
    staleTime: 5 * 60_000,
  });
