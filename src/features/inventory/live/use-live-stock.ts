import type { QueryKey } from '@tanstack/react-query';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';

/**
 * Refetches `queryKey` whenever stock of the depo moves: a transfer's balances, a stock order or its lines
 * (`depo:<id>:stock`, one message per statement; migration 20261129030000_inventory_stock_live.sql).
 */
export function useLiveStock(depoId: number, queryKey: QueryKey): void {
  useLiveInvalidation(liveTopics.depo(depoId, 'stock'), queryKey);
}
