import { queryKeys } from '@/shared/query/query-keys';

/** Orders and transfers of a depo: a save invalidates both (an approval makes a transfer from an order). */
export const stockOrdersKeys = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('stock-orders');
export const stockTransfersKeys = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('stock-transfers');
