import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

const keys = (slug: string, depoId: number) => queryKeys.tenant(slug).depo(depoId);

/** Every page of a depo's warehouse order lists, and of its transfer lists: what live stock refetches. */
export const warehouseOrdersKey = (slug: string, depoId: number) =>
  keys(slug, depoId).resource('warehouse-stock-orders').all;
export const warehouseTransfersKey = (slug: string, depoId: number) =>
  keys(slug, depoId).resource('warehouse-stock-transfers').all;

/** The Orders tab: the warehouse's orders in and out, 25 a page. */
export const warehouseOrdersQueryOptions = (slug: string, depoId: number, warehouseId: number, page: number) =>
  queryOptions({
    queryKey: keys(slug, depoId).resource('warehouse-stock-orders').list({ warehouseId, page }),
    queryFn: () => runQuery(supabase.rpc('warehouse_stock_orders', { p_warehouse_id: warehouseId, p_page: page })),
  });
export const useWarehouseOrders = (slug: string, depoId: number, warehouseId: number, page: number) =>
  useQuery(warehouseOrdersQueryOptions(slug, depoId, warehouseId, page));

/** The Transfers tab: the warehouse's transfers in and out, 25 a page. */
export const warehouseTransfersQueryOptions = (slug: string, depoId: number, warehouseId: number, page: number) =>
  queryOptions({
    queryKey: keys(slug, depoId).resource('warehouse-stock-transfers').list({ warehouseId, page }),
    queryFn: () => runQuery(supabase.rpc('warehouse_stock_transfers', { p_warehouse_id: warehouseId, p_page: page })),
  });
export const useWarehouseTransfers = (slug: string, depoId: number, warehouseId: number, page: number) =>
  useQuery(warehouseTransfersQueryOptions(slug, depoId, warehouseId, page));
