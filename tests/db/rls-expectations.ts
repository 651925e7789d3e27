import type { AppRole } from './roles.ts';

/**
 * What each role may do with each table, written from the specs (not read back from the policies).
 * The matrix test fails for a table in the database that is missing here, so a new table forces a decision.
 */
export type Scope = 'tenant' | 'depo';

export interface TableRule {
  scope: Scope;
  /** Roles that may insert, update and delete their tenant's (or depo's) rows (final tables: insert only). */
  writers: AppRole[];
  /** History: once written, no client role may change or delete a row (stock moves; a correction is a new row). */
  final?: boolean;
  /** Roles that may add rows without being writers (a driver reporting its car's position). */
  alsoInsert?: AppRole[];
  /** The only columns a client may change once the row exists (a review of what a customer sent). */
  clientChanges?: string[];
}

const ALL_STAFF_WRITE: AppRole[] = ['admin', 'depo_admin', 'support'];
const MANAGERS: AppRole[] = ['admin', 'depo_admin'];
const ADMIN: AppRole[] = ['admin'];

export const TABLE_RULES: Record<string, TableRule> = {
  depos: { scope: 'tenant', writers: ADMIN },
  stop_types: { scope: 'tenant', writers: ADMIN },
  customers: { scope: 'tenant', writers: ALL_STAFF_WRITE },
  sms_campaigns: { scope: 'tenant', writers: ADMIN },
  sms_templates: { scope: 'tenant', writers: ADMIN },
  b2b_customers: { scope: 'tenant', writers: ADMIN },
  b2b_customer_depos: { scope: 'tenant', writers: ADMIN },
  b2b_orders: { scope: 'tenant', writers: ADMIN },
  b2b_order_line_items: { scope: 'tenant', writers: ADMIN },
  products: { scope: 'tenant', writers: ADMIN },
  wallmob_products: { scope: 'tenant', writers: ADMIN },
  wallmob_customers: { scope: 'tenant', writers: ADMIN },
  cars: { scope: 'depo', writers: MANAGERS },
  car_positions: { scope: 'depo', writers: ADMIN, alsoInsert: ['driver'] },
  cash_registers: { scope: 'depo', writers: MANAGERS },
  routes: { scope: 'depo', writers: MANAGERS },
  route_points: { scope: 'depo', writers: MANAGERS },
  route_point_b2b_customers: { scope: 'depo', writers: MANAGERS },
  plan_event_series: { scope: 'depo', writers: MANAGERS },
  plan_events: { scope: 'depo', writers: MANAGERS },
  plan_event_route_points: { scope: 'depo', writers: MANAGERS },
  sms_receivers: { scope: 'depo', writers: ALL_STAFF_WRITE },
  stop_subscriptions: { scope: 'depo', writers: ALL_STAFF_WRITE },
  // What was sent: staff read it, only the dispatcher and the SMS actions (trusted functions) write it.
  sms_outbox: { scope: 'depo', writers: [], final: true },
  end_of_day_reports: { scope: 'depo', writers: ALL_STAFF_WRITE },
  eod_orders: { scope: 'depo', writers: MANAGERS },
  eod_order_line_items: { scope: 'depo', writers: MANAGERS },
  // What the customer ordered is the web shop's; staff change the comment, the rest through the order functions.
  webshop_orders: { scope: 'depo', writers: ALL_STAFF_WRITE, clientChanges: ['comment'] },
  webshop_order_line_items: { scope: 'depo', writers: ALL_STAFF_WRITE },
  // Order history: written by the orders' trigger only.
  webshop_order_versions: { scope: 'depo', writers: [], final: true },
  // Staff review what the customer wrote: they change the manager comment and the status, nothing else.
  feedbacks: { scope: 'depo', writers: ALL_STAFF_WRITE, clientChanges: ['manager_comment', 'status'] },
  minimum_required_balances: { scope: 'depo', writers: MANAGERS },
  warehouses: { scope: 'depo', writers: MANAGERS },
  warehouse_product_balances: { scope: 'depo', writers: ADMIN },
  // Stock moves through the order and transfer functions only (kind rules, a received order frozen, the ledger):
  // staff read these tables, no client role writes them directly.
  stock_orders: { scope: 'depo', writers: [], final: true },
  stock_order_line_items: { scope: 'depo', writers: [], final: true },
  stock_transfers: { scope: 'depo', writers: [], final: true },
  stock_transfer_line_items: { scope: 'depo', writers: [], final: true },
  // Counting documents change only through the counting functions (old values, approval and its transfer are the
  // database's): staff read them, no client writes the rows.
  manual_counting_documents: { scope: 'depo', writers: [], final: true },
  manual_counting_document_line_items: { scope: 'depo', writers: [], final: true },
};

/** Tables with their own rules, tested one by one in tenancy-tables.test.ts. */
export const SPECIAL_TABLES = ['tenants', 'staff_profiles', 'tenant_memberships', 'membership_depos', 'user_http_requests'];
