import type { LinkProps } from '@tanstack/react-router';
import type { AppRole, TenantFlag } from '@/shared/vocabulary/staff-vocabulary';

/** A staff route pattern: a path under `/$tenant` (the sign-in pages live under `/$tenant_`). */
export type StaffPath = Extract<NonNullable<LinkProps['to']>, `/$tenant${'' | `/${string}`}`>;

/** The sidebar's groups, in menu order; a group without a visible entry is not shown. */
export const staffGroups = ['Operations', 'Orders', 'Inventory', 'Customers', 'Fleet', 'SMS', 'Setup'] as const;
export type StaffGroup = (typeof staffGroups)[number];

export interface StaffRoute {
  id: string;
  label: string;
  group: StaffGroup;
  /** The menu link; `$tenant` and `$depoId` are filled in from the current member. */
  to: StaffPath;
  /** Other paths the same declaration opens (new and edit pages outside the list's path). */
  also?: readonly string[];
  /** Who may open it; every role when omitted. */
  roles?: readonly AppRole[];
  /** Open only to tenants with this flag on. */
  requiresFlag?: TenantFlag;
  /** Closed to tenants with this flag on. */
  hiddenByFlag?: TenantFlag;
  /** A page reached from another screen, not from the menu (an edit page with narrower rights). */
  inMenu?: false;
}

/**
 * Every staff screen with who may open it. The sidebar shows what this allows and the `_staff`
 * guard refuses the rest, so the two cannot disagree. A path no entry covers is refused.
 * An entry covers its paths and every path below them (`/depos` covers `/depos/new`).
 */
export const staffRoutes: readonly StaffRoute[] = [
  { id: 'home', label: 'Home', group: 'Operations', to: '/$tenant' },
  // The route list, its new/edit pages and catalogue actions; `route/...` is the route-points editor of one route.
  {
    id: 'routes',
    label: 'Routes',
    group: 'Operations',
    to: '/$tenant/depo/$depoId/routes',
    also: ['/$tenant/depo/$depoId/route'],
    roles: ['admin', 'depo_admin'],
  },
  // All SMS customers of a day in the depo (the calendar day header's link; ?weekday=DD/MM/YYYY). Declared before
  // the report, whose `$planEventId` would cover the same path. A plan event's own SMS pages sit below the report.
  {
    id: 'sms-customers-of-day',
    label: 'SMS customers',
    group: 'Operations',
    to: '/$tenant/depo/$depoId/plan_events/all_customers',
    inMenu: false,
  },
  // The plan-event report of one trip (reached from the support map, the calendar and SMS lists; not a menu entry).
  // Every role of the depo reads it; what each may do there is the page's menu and the database's to decide.
  {
    id: 'plan-event-report',
    label: 'Plan event report',
    group: 'Operations',
    to: '/$tenant/depo/$depoId/plan_events/$planEventId',
    inMenu: false,
  },
  // End-of-day reports and their detail; what each may change is the database's to decide (lifecycle in SQL).
  {
    id: 'eod',
    label: 'End of day reports',
    group: 'Operations',
    to: '/$tenant/depo/$depoId/end_of_day_reports',
    roles: ['admin', 'depo_admin', 'support'],
  },
  // The plan-event calendar; support reads it, the database lets only admins and depo admins change it.
  {
    id: 'calendar',
    label: 'Calendar',
    group: 'Operations',
    to: '/$tenant/depo/$depoId/plan_event_templates',
    roles: ['admin', 'depo_admin', 'support'],
  },
  {
    id: 'b2b-customer-edit',
    label: 'Edit B2B Customer',
    group: 'Customers',
    to: '/$tenant/admin/b2b_customers/$id/edit',
    // Only where the tenant edits its B2B customers itself, and only its admins (as the database allows).
    roles: ['admin'],
    requiresFlag: 'can_edit_b2b_customers',
    inMenu: false,
  },
  {
    id: 'b2b-orders',
    label: 'B2B Orders',
    group: 'Orders',
    to: '/$tenant/admin/b2b_orders',
    roles: ['admin', 'depo_admin', 'support'],
  },
  // Web-shop orders of a depo: e-shop and B2B web-shop (delivery-operations §2); the database checks each action.
  {
    id: 'eshop-orders',
    label: 'E-shop orders',
    group: 'Orders',
    to: '/$tenant/eshop/depo/$depoId/orders',
    roles: ['admin', 'depo_admin', 'support'],
  },
  {
    id: 'eshop-b2b-orders',
    label: 'B2B web-shop orders',
    group: 'Orders',
    to: '/$tenant/eshop/depo/$depoId/b2b_orders',
    roles: ['admin', 'depo_admin', 'support'],
  },
  // The EOD list's sales/transfers export (a page of its own; the EOD list links to it); only where the tenant shows it.
  {
    id: 'sales-export',
    label: 'Export sales/transfers',
    group: 'Orders',
    to: '/$tenant/depo/$depoId/sales_export',
    roles: ['admin', 'depo_admin', 'support'],
    requiresFlag: 'shows_eod_sales_export',
  },
  {
    id: 'feedbacks',
    label: 'Customer feedback',
    group: 'Customers',
    to: '/$tenant/depo/$depoId/feedbacks',
    roles: ['admin', 'depo_admin', 'support'],
  },
  {
    id: 'customers',
    label: 'Customers',
    group: 'Customers',
    to: '/$tenant/admin/depo/$depoId/customers',
    also: ['/$tenant/admin/customers'],
    roles: ['admin', 'depo_admin', 'support'],
  },
  // The support stop map, reached from the Customers page's 'Customer support' link.
  {
    id: 'customer-support',
    label: 'Customer support',
    group: 'Customers',
    to: '/$tenant/customer_support',
    roles: ['admin', 'depo_admin', 'support'],
    inMenu: false,
  },
  {
    id: 'b2b-customers',
    label: 'B2B Customers',
    group: 'Customers',
    to: '/$tenant/admin/depo/$depoId/b2b_customers',
    also: ['/$tenant/admin/b2b_customers'],
    roles: ['admin', 'depo_admin', 'support'],
  },
  // Inventory of one depo (`/{tenant}/inventory/depo/{depoId}/...`, the inventory spec's paths). What each role may
  // change there (new products, minimums of own depos) is the database's to decide.
  {
    id: 'inventory-products',
    label: 'Products',
    group: 'Inventory',
    to: '/$tenant/inventory/depo/$depoId/products',
    roles: ['admin', 'depo_admin', 'support'],
  },
  {
    id: 'inventory-warehouses',
    label: 'Warehouses',
    group: 'Inventory',
    to: '/$tenant/inventory/depo/$depoId/warehouses',
    roles: ['admin', 'depo_admin', 'support'],
  },
  {
    id: 'inventory-warehouse-orders',
    label: 'Warehouse orders',
    group: 'Inventory',
    to: '/$tenant/inventory/depo/$depoId/warehouse_orders',
    roles: ['admin', 'depo_admin', 'support'],
  },
  { id: 'cars', label: 'Cars', group: 'Fleet', to: '/$tenant/admin/depo/$depoId/cars', roles: ['admin', 'depo_admin'] },
  { id: 'sms-templates', label: 'SMS templates', group: 'SMS', to: '/$tenant/admin/sms_templates', roles: ['admin'] },
  { id: 'sms-campaigns', label: 'SMS campaigns', group: 'SMS', to: '/$tenant/admin/sms_campaigns', roles: ['admin'] },
  // The SMS outbox (the local provider's record, and each message's provider status).
  {
    id: 'sms-outbox',
    label: 'SMS sent',
    group: 'SMS',
    to: '/$tenant/admin/depo/$depoId/sms_outbox',
    roles: ['admin', 'depo_admin', 'support'],
  },
  {
    id: 'users',
    label: 'Users',
    group: 'Setup',
    to: '/$tenant/admin/depo/$depoId/users',
    also: ['/$tenant/admin/users'],
    roles: ['admin', 'depo_admin'],
  },
  { id: 'depos', label: 'Depos', group: 'Setup', to: '/$tenant/admin/depos', roles: ['admin'] },
  { id: 'stop-types', label: 'Stop types', group: 'Setup', to: '/$tenant/admin/stop_types', roles: ['admin'] },
  {
    id: 'wallmob',
    label: 'Wallmob',
    group: 'Setup',
    to: '/$tenant/admin/wallmob',
    roles: ['admin'],
    requiresFlag: 'has_wallmob',
  },
  { id: 'audit', label: 'Audit', group: 'Setup', to: '/$tenant/admin/user_http_requests', roles: ['admin'] },
];
