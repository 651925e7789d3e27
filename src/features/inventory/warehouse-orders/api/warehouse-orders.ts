import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRange } from '@/shared/dates/calendar-date';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

export type OrderKey = 'from' | 'to' | 'ordered_at';
export type OrderDirection = 'asc' | 'desc';

export interface WarehouseOrderFilters {
  fromWarehouseIds: number[];
  toWarehouseIds: number[];
  range: DateRange;
  orderKey: OrderKey;
  orderDirection: OrderDirection;
  page: number;
}

/** Every filter and page of the depo's warehouse orders list: what live stock refetches. */
export const warehouseOrdersListKey = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('warehouse-orders').all;

export const warehouseOrdersListQueryOptions = (slug: string, depoId: number, filters: WarehouseOrderFilters) =>
  queryOptions({
    queryKey: queryKeys
      .tenant(slug)
      .depo(depoId)
      .resource('warehouse-orders')
      .list({ ...filters }),
    queryFn: () =>
      runQuery(
        supabase.rpc('depo_warehouse_orders', {
          p_depo_id: depoId,
          p_start_date: filters.range.start,
          p_end_date: filters.range.end,
          p_from_warehouse_ids: filters.fromWarehouseIds,
          p_to_warehouse_ids: filters.toWarehouseIds,
          p_order_key: filters.orderKey,
          p_order_direction: filters.orderDirection,
          p_page: filters.page,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useWarehouseOrdersList = (slug: string, depoId: number, filters: WarehouseOrderFilters) =>
  useQuery(warehouseOrdersListQueryOptions(slug, depoId, filters));
