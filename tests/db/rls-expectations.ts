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
  /**
   * The writes the client grant allows (default: all three): grants follow the app's write paths, so a table the
   * app only adds to and changes keeps no delete, and a writer's policy alone does not make an operation possible.
   */
  clientGrants?: ClientWrite[];
}

export type ClientWrite = 'insert' | 'update' | 'delete';

/** Whether a client grant allows the write at all (final tables: none). */
export function clientMay(rule: TableRule, write: ClientWrite): boolean {
  return !rule.final && (rule.clientGrants ?? ['insert', 'update', 'delete']).includes(write);
}

const ALL_STAFF_WRITE: AppRole[] = ['admin', 'depo_admin', 'support'];
const MANAGERS: AppRole[] = ['admin', 'depo_admin'];
const ADMIN: AppRole[] = ['admin'];

export const TABLE_RULES: Record<string, TableRule> = {
  depos: { scope: 'tenant', writers: ADMIN, clientGrants: ['insert', 'update'] },
  stop_types: { scope: 'tenant', writers: ADMIN, clientGrants: ['insert', 'update'] },
  customers: { scope: 'tenant', writers: ALL_STAFF_WRITE, clientGrants: ['insert', 'update'] },
  // Proof of consent: written by the customers trigger on every consent change, never by a client; staff read it.
  customer_consent_records: { scope: 'tenant', writers: [], final: true },
  sms_campaigns: { scope: 'tenant', writers: ADMIN, clientGrants: ['insert', 'update'] },
  sms_templates: { scope: 'tenant', writers: ADMIN, clientGrants: ['insert', 'update'] },
  b2b_customers: { scope: 'tenant', writers: ADMIN },
  // Written by the B2B customer functions only.
  b2b_customer_depos: { scope: 'tenant', writers: [], final: true },
  // B2B orders come from the ordering integration; staff read them, and the export (an RPC that runs as the caller)
  // marks exported_at, the one column granted.
  b2b_orders: { scope: 'tenant', writers: [], final: true },
  b2b_order_line_items: { scope: 'tenant', writers: [], final: true },
  products: { scope: 'tenant', writers: ADMIN, clientGrants: ['insert', 'update'] },
  wallmob_products: { scope: 'tenant', writers: ADMIN, clientGrants: ['insert', 'delete'] },
  wallmob_customers: { scope: 'tenant', writers: ADMIN, clientGrants: ['insert', 'delete'] },
  cars: { scope: 'depo', writers: MANAGERS, clientGrants: ['insert', 'update'] },
  // GPS fixes: only the GPS sync (service role) writes them; no client adds or changes a fix.
  car_positions: { scope: 'depo', writers: [], final: true },
  // Tills come with the POS integration; staff pick them.
  cash_registers: { scope: 'depo', writers: [], final: true },
  routes: { scope: 'depo', writers: MANAGERS, clientGrants: ['insert', 'update'] },
  // Stops, plans and what hangs on them change through the route and plan functions only.
  route_points: { scope: 'depo', writers: [], final: true },
  route_point_b2b_customers: { scope: 'depo', writers: [], final: true },
  plan_event_series: { scope: 'depo', writers: [], final: true },
  plan_events: { scope: 'depo', writers: MANAGERS },
  plan_event_route_points: { scope: 'depo', writers: [], final: true },
  // The SMS engine's own rows: made by the subscription triggers and the public subscribe, changed by the
  // dispatcher and the staff SMS functions; no client writes them (a forged receiver could be texted).
  sms_receivers: { scope: 'depo', writers: [], final: true },
  stop_subscriptions: { scope: 'depo', writers: [], final: true },
  // What was sent: staff read it, only the dispatcher and the SMS actions (trusted functions) write it.
  sms_outbox: { scope: 'depo', writers: [], final: true },
  // Reports come from the POS ingestion and create_end_of_day_report; staff edit and delete them.
  end_of_day_reports: { scope: 'depo', writers: ALL_STAFF_WRITE, clientGrants: ['update', 'delete'] },
  eod_orders: { scope: 'depo', writers: MANAGERS },
  eod_order_line_items: { scope: 'depo', writers: MANAGERS },
  // What the customer ordered is the web shop's; staff change the comment, the rest through the order functions.
  webshop_orders: { scope: 'depo', writers: ALL_STAFF_WRITE, clientChanges: ['comment'], clientGrants: ['update'] },
  webshop_order_line_items: { scope: 'depo', writers: [], final: true },
  // Order history: written by the orders' trigger only.
  webshop_order_versions: { scope: 'depo', writers: [], final: true },
  // Staff review what the customer wrote: they change the manager comment and the status, nothing else.
  feedbacks: {
    scope: 'depo',
    writers: ALL_STAFF_WRITE,
    clientChanges: ['manager_comment', 'status'],
    clientGrants: ['update'],
  },
  minimum_required_balances: { scope: 'depo', writers: MANAGERS, clientGrants: ['insert', 'update'] },
  warehouses: { scope: 'depo', writers: MANAGERS },
  warehouse_product_balances: { scope: 'depo', writers: ADMIN, clientGrants: ['update'] },
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
export const SPECIAL_TABLES = [
  'tenants',
  'staff_profiles',
  'tenant_memberships',
  'membership_depos',
  'user_http_requests',
];
