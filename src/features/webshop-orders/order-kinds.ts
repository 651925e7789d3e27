import type { Database } from '@/shared/supabase/database.types';

export type OrderKind = Database['public']['Enums']['webshop_order_kind'];
export type OrderStatus = Database['public']['Enums']['order_status'];

/** A list tab: its label and the status it shows (delivery-operations §2, §4). */
export interface StatusTab {
  label: string;
  status: OrderStatus;
}

const BASE_TABS: readonly StatusTab[] = [
  { label: 'New', status: 'new' },
  { label: 'Delivered', status: 'completed' },
  { label: 'Problem', status: 'failed' },
  { label: 'Cancelled', status: 'cancelled' },
];

/** Pickup is an e-shop tab of tenants with the ice-cream layout only (the database refuses it elsewhere). */
export function statusTabs(kind: OrderKind, hasPickup: boolean): readonly StatusTab[] {
  return kind === 'eshop' && hasPickup ? [...BASE_TABS, { label: 'Pickup', status: 'pickup' }] : BASE_TABS;
}

/** A status in the words of its list tab (the changelog shows "New → Delivered", not the codes). */
export function statusWord(status: string): string {
  return [...BASE_TABS, { label: 'Pickup', status: 'pickup' }].find((tab) => tab.status === status)?.label ?? status;
}

/** The status buttons of an order: the spec's labels. */
export function statusButtons(
  kind: OrderKind,
  hasPickup: boolean,
): ReadonlyArray<{ label: string; status: OrderStatus }> {
  const buttons: Array<{ label: string; status: OrderStatus }> = [
    { label: 'New', status: 'new' },
    { label: 'Delivered', status: 'completed' },
    { label: 'Problem with order', status: 'failed' },
    { label: 'Cancel order', status: 'cancelled' },
  ];
  if (kind === 'eshop' && hasPickup) buttons.push({ label: 'Pickup', status: 'pickup' });
  return buttons;
}

/** Row border colour by status (B2B spec: teal new, green completed, yellow failed, red cancelled). */
export const STATUS_COLOURS: Readonly<Record<OrderStatus, string>> = {
  new: 'teal',
  completed: 'green',
  failed: 'yellow',
  cancelled: 'red',
  pickup: 'teal',
};

/** Additional driving distance above this (km) is flagged as a warning. */
export const DRIVING_DISTANCE_WARNING = 10;

export const isDistanceFlagged = (distance: number | null) => distance !== null && distance > DRIVING_DISTANCE_WARNING;

export const ORDER_TITLES: Readonly<Record<OrderKind, string>> = { eshop: 'Orders', b2b: 'B2B Orders' };
