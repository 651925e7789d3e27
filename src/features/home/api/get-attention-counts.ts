import { queryOptions } from '@tanstack/react-query';
import { todayIn } from '@/shared/dates/today-in';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runCount } from '@/shared/supabase/run-count';
import type { AttentionItem } from '../attention-items';

export type AttentionCounts = Record<AttentionItem['id'], number>;

/** What needs attention in one depo today, counted where it lives (RLS shows each role its own). */
export async function getAttentionCounts(tenantId: string, depoId: number, timeZone: string): Promise<AttentionCounts> {
  const head = { count: 'exact', head: true } as const;
  const today = todayIn(timeZone);
  const [eod, orders, stock, trucks] = await Promise.all([
    runCount(
      supabase
        .from('end_of_day_reports')
        .select('id', head)
        .eq('tenant_id', tenantId)
        .eq('depo_id', depoId)
        .eq('is_approved', false),
    ),
    runCount(
      supabase
        .from('webshop_orders')
        .select('id', head)
        .eq('tenant_id', tenantId)
        .eq('depo_id', depoId)
        .eq('status', 'new'),
    ),
    runCount(
      supabase
        .from('warehouse_product_balances')
        .select('id', head)
        .eq('tenant_id', tenantId)
        .eq('depo_id', depoId)
        .lt('balance_amount', 0),
    ),
    runCount(
      supabase.from('plan_events').select('id', head).eq('tenant_id', tenantId).eq('depo_id', depoId).eq('date', today),
    ),
  ]);
  return { 'unapproved-eod': eod, 'new-webshop-orders': orders, 'negative-stock': stock, 'trucks-today': trucks };
}

export const attentionCountsQueryOptions = (tenant: { slug: string; id: string; time_zone: string }, depoId: number) =>
  queryOptions({
    queryKey: queryKeys
      .tenant(tenant.slug)
      .depo(depoId)
      .resource('attention')
      .list({ today: todayIn(tenant.time_zone) }),
    queryFn: () => getAttentionCounts(tenant.id, depoId, tenant.time_zone),
    staleTime: 30_000,
  });
