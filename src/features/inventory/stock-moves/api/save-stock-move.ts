import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { warehouseOrdersKey, warehouseTransfersKey } from '../../warehouse-show/api/warehouse-documents';
import type { StockKind } from '../kind-rules';
import { stockOrdersKeys, stockTransfersKeys } from './stock-move-keys';

export interface StockMoveInput {
  fromWarehouseId: number | null;
  toWarehouseId: number | null;
  kind: StockKind;
  lines: Array<{ product_id: number; amount: number }>;
  requestKey: string;
}

export interface SaveOrderInput extends StockMoveInput {
  orderId: number | null;
  reason: string;
  mainStorageMessage: string;
  approve: boolean;
}

export interface CreateTransferInput extends StockMoveInput {
  description: string;
  mainStorageMessage: string;
  stockOrderId: number | null;
}

/** Save (and with `approve`, Save & Approve): the order's id. */
export function saveStockOrder(input: SaveOrderInput): Promise<number> {
  return runQuery(
    supabase.rpc('save_stock_order', {
      p_order_id: input.orderId ?? undefined,
      p_from_warehouse_id: input.fromWarehouseId ?? undefined,
      p_to_warehouse_id: input.toWarehouseId ?? undefined,
      p_kind: input.kind,
      p_reason: input.reason,
      p_main_storage_message: input.mainStorageMessage,
      p_lines: input.lines,
      p_approve: input.approve,
      p_request_key: input.requestKey,
    }),
  );
}

/** Create Transfer: the transfer's id. */
export function createStockTransfer(input: CreateTransferInput): Promise<number> {
  return runQuery(
    supabase.rpc('create_stock_transfer', {
      p_from_warehouse_id: input.fromWarehouseId ?? undefined,
      p_to_warehouse_id: input.toWarehouseId ?? undefined,
      p_kind: input.kind,
      p_description: input.description,
      p_main_storage_message: input.mainStorageMessage,
      p_lines: input.lines,
      p_stock_order_id: input.stockOrderId ?? undefined,
      p_request_key: input.requestKey,
    }),
  );
}

export function approveStockOrder({ orderId, requestKey }: { orderId: number; requestKey: string }): Promise<number> {
  return runQuery(
    supabase.rpc('approve_stock_order', {
      p_order_id: orderId,
      p_request_key: requestKey,
    }),
  );
}

export function deleteStockOrder(orderId: number): Promise<unknown> {
  return runQuery(supabase.rpc('delete_stock_order', { p_order_id: orderId }));
}

/**
 * After any stock move: the depo's orders, transfers, the warehouse tabs' lists of them and the warehouse balances
 * are stale (a tab visited before shows the move when it is opened again, not its cached page).
 */
export function useStockMoveMutation<Input, Output>(
  slug: string,
  depoId: number,
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: stockOrdersKeys(slug, depoId).all,
        }),
        queryClient.invalidateQueries({
          queryKey: stockTransfersKeys(slug, depoId).all,
        }),
        queryClient.invalidateQueries({
          queryKey: [...stockOrdersKeys(slug, depoId).all.slice(0, 4), 'warehouse-products'],
        }),
        queryClient.invalidateQueries({ queryKey: warehouseOrdersKey(slug, depoId) }),
        queryClient.invalidateQueries({ queryKey: warehouseTransfersKey(slug, depoId) }),
      ]),
  });
}
