import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { pageRange } from '@/shared/ui/pagination/page-rules';
import type { OrderKind, OrderStatus } from '../order-kinds';

export interface OrderListParams {
  slug: string;
  depoId: number;
  kind: OrderKind;
  status: OrderStatus;
  start: string;
  end: string;
  search: string;
  page: number;
}

const ORDER_COLUMNS =
  'id, kind, status, eshop_id, comment, printed_at, delivery_date, delivery_time, total, route_id, plan_event_route_point_id, customer_address, customer_phone, customer_name, payment_type, call_me, fast_delivery, origin, external_id, customer_number, comment_for_order, delivery_surcharge, cash_customer, additional_driving_time, additional_driving_distance, updated_at, route:routes!webshop_orders_route_id_same_depo_fkey(name)';

/** Characters PostgREST's `or` filter reads as syntax; a search phrase is matched without them. */
const searchable = (phrase: string) =>
  phrase
    .replace(/[,()*%\\"]/g, ' ')
    .trim()
    .slice(0, 100);

/** One page (25) of a depo's orders of a kind and status delivered in the range (`GET orders`). */
export async function getWebshopOrders(params: OrderListParams) {
  const { from, to } = pageRange(params.page);
  let query = supabase
    .from('webshop_orders')
    .select(ORDER_COLUMNS)
    .eq('depo_id', params.depoId)
    .eq('kind', params.kind)
    .eq('status', params.status)
    .gte('delivery_date', params.start)
    .lte('delivery_date', params.end);
  const phrase = searchable(params.search);
  if (phrase) {
    const like = `%${phrase}%`;
    const fields = [
      'eshop_id',
      'customer_address',
      'customer_phone',
      'customer_name',
      'external_id',
      'customer_number',
    ];
    query = query.or(fields.map((field) => `${field}.ilike.${like}`).join(','));
  }
  return runQuery(query.order('delivery_date', { ascending: false }).order('id', { ascending: false }).range(from, to));
}

export type WebshopOrder = Awaited<ReturnType<typeof getWebshopOrders>>[number];

export const webshopOrdersKey = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('webshop_orders');

export const webshopOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: webshopOrdersKey(params.slug, params.depoId).list({ ...params }),
    queryFn: () => getWebshopOrders(params),
    placeholderData: keepPreviousData,
  });

export const useWebshopOrders = (params: OrderListParams) => useQuery(webshopOrdersQueryOptions(params));
