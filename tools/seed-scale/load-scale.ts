import type pg from 'pg';
import { scalePlan, type ScalePlan } from './scale-plan.ts';
import { positionSteps } from './position-steps.ts';
import { activitySteps } from './activity-steps.ts';
import { broadcastTriggers } from './broadcast-triggers.ts';
import { SCALE_TENANT, scaleSteps, type ScaleStep } from './scale-steps.ts';

export interface ScaleLoad {
  plan: ScalePlan;
  anchor: string;
  seconds: number;
  steps: Record<string, number>;
}

export interface ScaleLoadOptions {
  scale: number;
  /** The tenant's today, YYYY-MM-DD; by default today in Europe/Copenhagen. */
  anchor?: string;
  /** Leave the transaction open (the test rolls it back) instead of committing. */
  commit?: boolean;
  onStep?: (step: string, seconds: number) => void;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

async function runSteps(
  db: pg.ClientBase,
  steps: ScaleStep[],
  record: Record<string, number>,
  onStep?: ScaleLoadOptions['onStep'],
) {
  for (const { step, sql } of steps) {
    const started = performance.now();
    try {
      await db.query(sql);
    } catch (error) {
      throw new Error(`seed:scale step "${step}": ${(error as Error).message}`);
    }
    record[step] = round1((performance.now() - started) / 1000);
    onStep?.(step, record[step]);
  }
}

/**
 * Loads the scale tenant in one transaction on `db` (a connection as the role the demo seeds load as), so a
 * failed load leaves nothing behind. Refuses when the tenant exists: a second load would not be the same data.
 */
export async function loadScale(db: pg.ClientBase, options: ScaleLoadOptions): Promise<ScaleLoad> {
  const plan = scalePlan(options.scale);
  const anchor =
    options.anchor ??
    (await db.query<{ today: string }>(`select to_char(now() at time zone 'Europe/Copenhagen', 'YYYY-MM-DD') as today`))
      .rows[0].today;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(anchor)) throw new Error(`anchor must be YYYY-MM-DD, not ${anchor}`);
  const exists = await db.query('select 1 from public.tenants where slug = $1', [SCALE_TENANT]);
  if (exists.rowCount)
    throw new Error(`tenant ${SCALE_TENANT} is already loaded (start from a fresh stack, or npm run db:reset)`);
  const steps: Record<string, number> = {};
  const started = performance.now();
  await db.query('begin');
  // Large sorts and hashes of the set-based inserts, and the index builds after the big inserts; local to this transaction.
  await db.query(`set local work_mem = '256MB'`);
  await db.query(`set local maintenance_work_mem = '1GB'`);
  const [locks, ...rest] = scaleSteps(plan, anchor);
  // Nothing may be altered before every lock is held (see lockScaleTables).
  if (locks.step !== 'locks') throw new Error('seed:scale: the lock step must come first');
  await runSteps(db, [locks, broadcastTriggers('off'), ...rest], steps, options.onStep);
  await runSteps(db, positionSteps(plan, anchor), steps, options.onStep);
  await runSteps(db, [...activitySteps(plan, anchor), broadcastTriggers('on')], steps, options.onStep);
  if (options.commit !== false) await db.query('commit');
  return { plan, anchor, seconds: round1((performance.now() - started) / 1000), steps };
}

/** What the tenant holds, table by table: printed by the CLI, checked by the test, recorded by the bench. */
export async function scaleCounts(db: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, string>>(
    `with t as (select id from public.tenants where slug = $1)
     select (select count(*) from public.depos x, t where x.tenant_id = t.id) as depos,
            (select count(*) from public.cars x, t where x.tenant_id = t.id) as cars,
            (select count(*) from public.routes x, t where x.tenant_id = t.id) as routes,
            (select count(*) from public.route_points x, t where x.tenant_id = t.id) as route_points,
            (select count(*) from public.plan_events x, t where x.tenant_id = t.id) as plan_events,
            (select count(*) from public.plan_event_route_points x, t where x.tenant_id = t.id) as plan_event_stops,
            (select count(distinct x.route_point_id) from public.plan_event_route_points x join public.plan_events pe on pe.id = x.plan_event_id, t
              where x.tenant_id = t.id and pe.date >= (now() at time zone 'Europe/Copenhagen')::date) as public_stops_with_coming_visits,
            (select count(*) from public.customers x, t where x.tenant_id = t.id) as customers,
            (select count(*) from public.stop_subscriptions x, t where x.tenant_id = t.id) as stop_subscriptions,
            (select count(*) from public.sms_receivers x, t where x.tenant_id = t.id) as sms_receivers,
            (select count(*) from public.b2b_customers x, t where x.tenant_id = t.id) as b2b_customers,
            (select count(*) from public.end_of_day_reports x, t where x.tenant_id = t.id) as eod_reports,
            (select count(*) from public.eod_orders x, t where x.tenant_id = t.id) as pos_orders,
            (select count(*) from public.eod_order_line_items x, t where x.tenant_id = t.id) as pos_order_lines,
            (select count(*) from public.products x, t where x.tenant_id = t.id) as products,
            (select count(*) from public.warehouses x, t where x.tenant_id = t.id) as warehouses,
            (select count(*) from public.stock_transfers x, t where x.tenant_id = t.id) as stock_transfers,
            (select count(*) from public.stock_transfer_line_items x, t where x.tenant_id = t.id) as stock_transfer_lines,
            (select count(*) from public.warehouse_product_balances x, t where x.tenant_id = t.id) as warehouse_balances,
            (select count(*) from public.car_positions x, t where x.tenant_id = t.id) as car_positions`,
    [SCALE_TENANT],
  );
  return Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
}

/** The project's invariants the load must keep: the stock ledger and balances agree. */
export async function scaleLedgerMismatches(db: pg.ClientBase): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from app_private.stock_ledger_mismatches((select id from public.tenants where slug = $1))`,
    [SCALE_TENANT],
  );
  return Number(rows[0].n);
}
