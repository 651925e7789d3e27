import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** Today's SMS budget of the tenant (public.sms_budget_today): what it allows, what is spent, what it holds back. */
export async function getSmsBudget(slug: string) {
  const rows = await runQuery(supabase.rpc('sms_budget_today', { tenant_slug: slug }));
  return rows[0] ?? null;
}

export type SmsBudget = NonNullable<Awaited<ReturnType<typeof getSmsBudget>>>;

export const smsBudgetQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('sms_budget').detail('today'),
    queryFn: () => getSmsBudget(slug),
    // Held messages wait for the budget: the notice follows the dispatcher's minute.
    refetchInterval: 60_000,
  });

export const useSmsBudget = (slug: string) => useQuery(smsBudgetQueryOptions(slug));
