import type { QueryData } from '@supabase/supabase-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { stockTransfersKeys } from './stock-move-keys';

/** One stock transfer with its warehouses, lines (with product) and the order it came from. */
const selectStockTransfer = (transferId: number) =>
  supabase
    .from('stock_transfers')
    .select(
      'id, depo_id, kind, description, main_storage_message, transfered_at, created_at, created_by, stock_order_id, from_warehouse:warehouses!stock_transfers_from_warehouse_id_same_depo_fkey(id, code, name, owner_type), to_warehouse:warehouses!stock_transfers_to_warehouse_id_same_depo_fkey(id, code, name, owner_type), lines:stock_transfer_line_items(id, product_id, amount, packaged_amount, product:products(sku, description, packaging_size))',
    )
    .eq('id', transferId)
    .order('id', { referencedTable: 'lines' })
    .single();

export type StockTransfer = QueryData<ReturnType<typeof selectStockTransfer>>;

export function getStockTransfer(transferId: number): Promise<StockTransfer> {
  return runQuery(selectStockTransfer(transferId));
}

export const stockTransferQueryOptions = (slug: string, depoId: number, transferId: number) =>
  queryOptions({
    queryKey: stockTransfersKeys(slug, depoId).detail(transferId),
    queryFn: () => getStockTransfer(transferId),
  });

export const useStockTransfer = (slug: string, depoId: number, transferId: number) =>
  useQuery(stockTransferQueryOptions(slug, depoId, transferId));
