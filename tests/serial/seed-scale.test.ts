import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';
import { loadScale, scaleCounts, scaleLedgerMismatches, type ScaleLoad } from '../../tools/seed-scale/load-scale.ts';
import { activityCounts, activitySizes } from '../../tools/seed-scale/activity-steps.ts';
import { broadcastTriggersSql } from '../../tools/seed-scale/broadcast-triggers.ts';

// `npm run seed:scale` at a tiny scale, inside a transaction that is rolled back (the shared test stack keeps no
// trace of it): the counts it promises, the app's invariants, and the same data from the same anchor. Serial: the
// load switches statement triggers off and on inside its transaction, which locks plan events, stops, orders and
// positions for everyone else until the rollback.

const SCALE = 0.001;
// A fixed anchor a year out: the load is the same whatever day the test runs on.
const ANCHOR = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
let db: pg.Client;

/** A digest of what the load made, by ordinals and values rather than ids (ids differ between loads). */
async function fingerprint(): Promise<string> {
  const { rows } = await db.query<{ digest: string }>(`
    with t as (select id from public.tenants where slug = 'scale-is')
    select md5(concat_ws('|',
      (select string_agg(format('%s %s %s %s', r.name, rp.position, round(rp.lat::numeric, 6), rp.address), ',' order by r.name, rp.position)
         from public.route_points rp join public.routes r on r.id = rp.route_id, t where rp.tenant_id = t.id),
      (select string_agg(format('%s %s %s', pe.date, r.name, c.internal_number), ',' order by pe.date, r.name)
         from public.plan_events pe join public.routes r on r.id = pe.route_id join public.cars c on c.id = pe.car_id, t where pe.tenant_id = t.id),
      (select string_agg(format('%s %s', o.wallmob_order_id, o.total_revenue), ',' order by o.wallmob_order_id)
         from public.eod_orders o, t where o.tenant_id = t.id))) as digest`);
  return rows[0].digest;
}

async function loadAndRead(): Promise<{ load: ScaleLoad; counts: Record<string, number>; digest: string }> {
  const load = await loadScale(db, { scale: SCALE, anchor: ANCHOR, commit: false });
  return { load, counts: { ...(await scaleCounts(db)), ...(await activityCounts(db)) }, digest: await fingerprint() };
}

describe('seed:scale at a tiny scale', () => {
  let first: Awaited<ReturnType<typeof loadAndRead>>;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: stackInfo().dbUrl });
    await db.connect();
    first = await loadAndRead();
  }, 120_000);

  afterAll(async () => {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  });

  it('loads the counts of its plan', () => {
    const { plan } = first.load;
    const c = first.counts;
    expect(c.depos).toBe(plan.depos);
    expect(c.cars).toBe(plan.cars);
    expect(c.routes).toBe(plan.routes);
    expect(c.route_points).toBe(plan.routes * plan.pointsPerRoute);
    expect(c.plan_events).toBe(plan.planEvents);
    expect(c.plan_event_stops).toBe(plan.planEvents * plan.pointsPerRoute);
    expect(c.customers).toBe(plan.customers);
    expect(c.stop_subscriptions).toBe(plan.subscribers);
    expect(c.sms_receivers).toBeGreaterThan(0);
    expect(c.b2b_customers).toBe(plan.b2bCustomers);
    expect(c.pos_orders).toBe(plan.posOrders);
    expect(c.pos_order_lines).toBeGreaterThanOrEqual(plan.posOrders);
    expect(c.products).toBe(plan.products);
    expect(c.warehouses).toBe(plan.depoWarehouses + plan.cars);
    expect(c.car_positions).toBe(plan.cars * Math.round((plan.positionHours * 3600) / 5));
  });

  it('loads the orders, feedback, sent SMS and audit of its plan, each web-shop order with its first version', () => {
    const sizes = activitySizes(first.load.plan);
    const c = first.counts;
    expect(c.webshop_orders).toBe(sizes.webshopOrders);
    expect(c.webshop_order_versions).toBe(sizes.webshopOrders);
    expect(c.b2b_orders).toBe(sizes.b2bOrders);
    expect(c.b2b_order_lines).toBe(sizes.b2bOrders * sizes.b2bOrderLines);
    expect(c.feedbacks).toBeGreaterThan(0);
    expect(c.feedbacks).toBeLessThanOrEqual(sizes.feedbacks);
    expect(c.sms_outbox).toBe(sizes.smsOutbox);
    expect(c.audit_requests).toBe(sizes.auditRequests);
    expect(c.write_offs).toBe(first.load.plan.cars * 8);
  });

  it('keeps the stock ledger and the balances equal', async () => {
    expect(await scaleLedgerMismatches(db)).toBe(0);
    const { rows } = await db.query<{ negative: string }>(
      `select count(*) as negative from public.warehouse_product_balances b join public.tenants t on t.id = b.tenant_id
        where t.slug = 'scale-is' and b.balance_amount < 0`,
    );
    expect(Number(rows[0].negative)).toBe(0);
  });

  it('gives SMS receivers only to subscribers of a stop on a coming visit, with a send time', async () => {
    const { rows } = await db.query<{ wrong: string }>(
      `
      select count(*) as wrong
        from public.sms_receivers r
        join public.tenants t on t.id = r.tenant_id and t.slug = 'scale-is'
        join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
        join public.plan_events pe on pe.id = p.plan_event_id
       where pe.date < $1::date or r.sms_should_send_at is null
          or not exists (select 1 from public.stop_subscriptions s where s.customer_id = r.customer_id and s.route_point_id = p.route_point_id)`,
      [ANCHOR],
    );
    expect(Number(rows[0].wrong)).toBe(0);
  });

  it('drives only past trips, each with its report and the heat map summary of a finished trip', async () => {
    const { rows } = await db.query<{ past: string; reports: string; summaries: string; future_started: string }>(
      `
      select count(*) filter (where pe.date < $1::date) as past,
             (select count(*) from public.end_of_day_reports r where r.tenant_id = t.id) as reports,
             (select count(*) from app_private.heat_map_trips h where h.tenant_id = t.id) as summaries,
             count(*) filter (where pe.date >= $1::date and pe.started_at is not null) as future_started
        from public.plan_events pe join public.tenants t on t.id = pe.tenant_id and t.slug = 'scale-is'
       group by t.id`,
      [ANCHOR],
    );
    expect(Number(rows[0].reports)).toBe(Number(rows[0].past));
    expect(Number(rows[0].summaries)).toBe(Number(rows[0].past));
    expect(Number(rows[0].future_started)).toBe(0);
  });

  it('announces none of its rows on Realtime and leaves every live-list trigger on', async () => {
    const { rows } = await db.query<{ messages: string; off: string; triggers: string }>(`
      select (select count(*) from realtime.messages m
                join public.tenants t on t.slug = 'scale-is' and m.topic like 'tenant:' || t.id || ':%') as messages,
             count(*) filter (where b.tgenabled = 'D') as off, count(*) as triggers
        from (${broadcastTriggersSql}) x join pg_trigger b on b.tgrelid = x.tbl and b.tgname = x.tgname`);
    expect(Number(rows[0].messages)).toBe(0);
    expect(Number(rows[0].triggers)).toBeGreaterThan(10);
    expect(Number(rows[0].off)).toBe(0);
  });

  it('sums every report from its POS orders', async () => {
    const { rows } = await db.query<{ reports: string; wrong: string }>(`
      select count(*) as reports,
             count(*) filter (where r.total <> s.amount or r.final_total <> s.amount or r.cash <> s.amount) as wrong
        from public.end_of_day_reports r join public.tenants t on t.id = r.tenant_id and t.slug = 'scale-is'
        cross join lateral (select coalesce(sum(o.total_revenue), 0) as amount from public.eod_orders o
                             where o.tenant_id = r.tenant_id and o.end_of_day_report_id = r.id) s`);
    expect(Number(rows[0].reports)).toBeGreaterThan(0);
    expect(Number(rows[0].wrong)).toBe(0);
  });

  it('loads the same data again from the same anchor, and refuses a second load in one database', async () => {
    await expect(loadScale(db, { scale: SCALE, anchor: ANCHOR, commit: false })).rejects.toThrow(/already loaded/);
    await db.query('rollback');
    const second = await loadAndRead();
    expect(second.counts).toEqual(first.counts);
    expect(second.digest).toBe(first.digest);
  }, 120_000);
});
