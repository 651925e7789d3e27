import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';

/** One thing on the home page that may need a person today: a count in the current depo. */
export interface AttentionItem {
  id: 'unapproved-eod' | 'new-webshop-orders' | 'negative-stock' | 'trucks-today';
  label: string;
  /** Who sees it on their home page. */
  roles: readonly AppRole[];
  /**
   * The staff screen that handles it. The home page links there only for members the route access registry
   * (src/app/staff-routes.ts) lets open it; for the others the count stands alone.
   */
  to?:
    | '/$tenant/depo/$depoId/end_of_day_reports'
    | '/$tenant/eshop/depo/$depoId/orders'
    | '/$tenant/inventory/depo/$depoId/warehouses'
    | '/$tenant/admin/depo/$depoId/cars';
}

/** In the order the home page lists them. New screens add their link here. */
export const attentionItems: readonly AttentionItem[] = [
  {
    id: 'unapproved-eod',
    label: 'End-of-day reports waiting for approval',
    roles: ['admin', 'depo_admin', 'support'],
    to: '/$tenant/depo/$depoId/end_of_day_reports',
  },
  {
    id: 'new-webshop-orders',
    label: 'New web-shop orders',
    roles: ['admin', 'depo_admin', 'support'],
    to: '/$tenant/eshop/depo/$depoId/orders',
  },
  {
    id: 'negative-stock',
    label: 'Products with a negative stock balance',
    roles: ['admin', 'depo_admin'],
    to: '/$tenant/inventory/depo/$depoId/warehouses',
  },
  {
    id: 'trucks-today',
    label: 'Trucks on the road today',
    roles: ['admin', 'depo_admin', 'support', 'driver'],
    to: '/$tenant/admin/depo/$depoId/cars',
  },
];
