import type { QueryData } from '@supabase/supabase-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { stockOrdersKeys } from './stock-move-keys';

/** One stock order with its warehouses, lines (with product) and the transfer its approval made. */
const selectStockOrder = (orderId: number) =>
  supabase
    .from('stock_orders')
    .select(
      'id, depo_id, status, kind, reason, main_storage_message, ordered_at, created_at, created_by, from_warehouse_id, to_warehouse_id, stock_transfer_id, from_warehouse:warehouses!stock_orders_from_warehouse_id_same_depo_fkey(id, code, name, owner_type), to_warehouse:warehouses!stock_orders_to_warehouse_id_same_depo_fkey(id, code, name, owner_type), transfer:stock_transfers!stock_orders_stock_transfer_id_same_depo_fkey(id, created_at), lines:stock_order_line_items(id, product_id, amount, received_amount, packaged_amount, product:products(sku, description, packaging_size))',
    )
    .eq('id', orderId)
    .order('id', { referencedTable: 'lines' })
    .single();

export type StockOrder = QueryData<ReturnType<typeof selectStockOrder>>;

export function getStockOrder(orderId: number): Promise<StockOrder> {
  return runQuery(selectStockOrder(orderId));
}

export const stockOrderQueryOptions = (slug: string, depoId: number, orderId: number) =>
  queryOptions({
    queryKey: stockOrdersKeys(slug, depoId).detail(orderId),
    queryFn: () => getStockOrder(orderId),
  });

/** `enabled` false while the order is being deleted: no refetch (live or after the delete) then asks for it. */
export const useStockOrder = (slug: string, depoId: number, orderId: number, enabled = true) =>
  useQuery({ ...stockOrderQueryOptions(slug, depoId, orderId), enabled });
