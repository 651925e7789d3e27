import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { b2bOrderLineItemSchema, type B2bOrderLineItem } from '../b2b-order-row';

/** The line items of one order, read when its row is expanded. */
export async function getB2bOrderLineItems(tenantId: string, orderId: number): Promise<B2bOrderLineItem[]> {
  const rows = await runQuery(
    supabase
      .from('b2b_order_line_items')
      .select('id, category_name, product_name, quantity, total_line_amount, discount')
      .eq('tenant_id', tenantId)
      .eq('b2b_order_id', orderId)
      .order('id'),
  );
  return z.array(b2bOrderLineItemSchema).parse(rows);
}

export const b2bOrderLineItemsQueryOptions = (slug: string, tenantId: string, orderId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('b2b_orders').detail(orderId),
    queryFn: () => getB2bOrderLineItems(tenantId, orderId),
  });

export function useB2bOrderLineItems(slug: string, tenantId: string, orderId: number) {
  return useQuery(b2bOrderLineItemsQueryOptions(slug, tenantId, orderId));
}
