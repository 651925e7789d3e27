import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { stockOrdersKeys, stockTransfersKeys } from './stock-move-keys';

/** An open order or transfer view refreshes when the depo's orders or transfers change (an order view shows its transfer). */
export function useLiveStockDocument(slug: string, depoId: number): void {
  useLiveInvalidation(liveTopics.depo(depoId, 'stock_orders'), stockOrdersKeys(slug, depoId).all);
  useLiveInvalidation(liveTopics.depo(depoId, 'stock_transfers'), stockTransfersKeys(slug, depoId).all);
}
