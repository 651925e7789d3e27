import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { pageRange } from '@/shared/ui/pagination/page-rules';
import { b2bOrderSchema, type B2bOrder } from '../b2b-order-row';

export interface B2bOrdersPageParams {
  slug: string;
  tenantId: string;
  page: number;
}

/** One page (25) of the tenant's B2B orders, newest first (`GET b2b_orders`). */
export async function getB2bOrders({ tenantId, page }: B2bOrdersPageParams): Promise<B2bOrder[]> {
  const { from, to } = pageRange(page);
  const rows = await runQuery(
    supabase
      .from('b2b_orders')
      .select('id, customer_number, date, shop_name, total_revenue, total_discount, total_quantity, exported_at')
      .eq('tenant_id', tenantId)
      .order('date', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to),
  );
  return z.array(b2bOrderSchema).parse(rows);
}

export const b2bOrdersQueryOptions = (params: B2bOrdersPageParams) =>
  queryOptions({
    queryKey: queryKeys.tenant(params.slug).resource('b2b_orders').list({ page: params.page }),
    queryFn: () => getB2bOrders(params),
    placeholderData: keepPreviousData,
  });

export function useB2bOrders(params: B2bOrdersPageParams) {
  return useQuery(b2bOrdersQueryOptions(params));
}
