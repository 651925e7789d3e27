import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { webshopOrdersKey } from './get-webshop-orders';

/** An order's line items, each marked whether the tenant's product list knows its SKU. */
export async function getOrderLineItems(orderId: number) {
  const items = await runQuery(
    supabase
      .from('webshop_order_line_items')
      .select('id, product_sku, product_description, quantity, price, created_at')
      .eq('webshop_order_id', orderId)
      .order('id'),
  );
  const skus = [...new Set(items.map((item) => item.product_sku))];
  const known = skus.length === 0 ? [] : await runQuery(supabase.from('products').select('sku').in('sku', skus));
  const knownSkus = new Set(known.map((product) => product.sku));
  return items.map((item) => ({ ...item, product_exists: knownSkus.has(item.product_sku) }));
}

export type OrderLineItem = Awaited<ReturnType<typeof getOrderLineItems>>[number];

export const orderLineItemsQueryOptions = (slug: string, depoId: number, orderId: number) =>
  queryOptions({
    queryKey: webshopOrdersKey(slug, depoId).detail(`${orderId}-items`),
    queryFn: () => getOrderLineItems(orderId),
  });

export const useOrderLineItems = (slug: string, depoId: number, orderId: number) =>
  useQuery(orderLineItemsQueryOptions(slug, depoId, orderId));

/** An order's versions, oldest first, with the writer's name and the names of what each recorded (changelog). */
export async function getOrderVersions(orderId: number) {
  return runQuery(
    supabase
      .from('webshop_order_changelog')
      .select(
        'id, created_at, user_id, user_full_name, status, delivery_date, route_id, route_name, stop_id, stop_address, stop_position, recorded_depo_id, recorded_depo_title, comment',
      )
      .eq('webshop_order_id', orderId)
      .order('created_at')
      .order('id'),
  );
}

export type OrderVersion = Awaited<ReturnType<typeof getOrderVersions>>[number];

export const useOrderVersions = (slug: string, depoId: number, orderId: number) =>
  useQuery({
    queryKey: webshopOrdersKey(slug, depoId).detail(`${orderId}-versions`),
    queryFn: () => getOrderVersions(orderId),
  });
