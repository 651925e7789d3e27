import { randomInt } from 'node:crypto';
import pg from 'pg';
import { serviceClient } from '../support/clients.ts';
import { pauseCronJob } from '../support/cron-pause.ts';
import { holdDataLock } from '../support/data-lock.ts';
import { stackInfo } from '../support/stack-info.ts';
import { danishMobile } from '../support/phones.ts';

/**
 * A small world of its own for the SMS tests, in hjem-is: a new route with one stop, a plan event on a date no
 * seed uses (so it is upcoming and free of the one-per-route/driver keys), and customers subscribed to the stop.
 * Estimates and visits are written directly: in production they belong to the estimates and positions engines.
 */
export interface SmsWorld {
  db: pg.Client;
  tenantId: string;
  depoId: number;
  routePointId: number;
  planEventId: number;
  stopId: number;
  stopUuid: string;
  /** A customer subscribed to the stop (their receiver is created by the subscription). */
  subscribe(options?: {
    phone?: string;
    smsPermission?: boolean;
  }): Promise<{ customerId: number; customerUuid: string; receiverId: number }>;
  /** Sets the stop's estimate (what the estimates engine does). */
  setEstimate(minutesFromNow: number): Promise<void>;
  /** Makes receivers due now without touching the estimate (no wake). */
  makeDue(receiverIds: number[]): Promise<void>;
  remove(): Promise<void>;
}

const freeDate = () => new Date(Date.UTC(2300, 0, 1) + randomInt(0, 2_800_000) * 86_400_000).toISOString().slice(0, 10);
/** A Danish mobile number: the engine texts nothing else for hjem-is. */
export const randomPhone = danishMobile;

export async function adminDb(): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  return db;
}

/** The service-role RPC caller the dispatcher uses. */
export const serviceRpc = (fn: string, args: Record<string, unknown>) => serviceClient().rpc(fn, args);

export async function makeSmsWorld(
  db: pg.Client,
  stopCount = 1,
): Promise<SmsWorld & { stops: Array<{ id: number; uuid: string; routePointId: number }> }> {
  const one = async <T>(sql: string, params: unknown[] = []) =>
    (await db.query<T & pg.QueryResultRow>(sql, params)).rows[0] as T;
  const base = await one<{ tenant_id: string; depo_id: string; user_id: string; car_id: string }>(`
    select t.id as tenant_id, d.id as depo_id, m.user_id, c.id as car_id
      from public.tenants t
      join public.depos d on d.tenant_id = t.id
      join public.tenant_memberships m on m.tenant_id = t.id and m.role = 'driver'
      join public.cars c on c.tenant_id = t.id and c.depo_id = d.id
     where t.slug = 'hjem-is' order by d.id, m.user_id, c.id limit 1`);
  const depoId = Number(base.depo_id);
  const route = await one<{ id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, 'SMS test route') returning id`,
    [base.tenant_id, depoId],
  );
  const planEvent = await one<{ id: string }>(
    `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, $3, $4, $5, $6) returning id`,
    [base.tenant_id, depoId, freeDate(), route.id, base.user_id, base.car_id],
  );
  const stops: Array<{ id: number; uuid: string; routePointId: number }> = [];
  for (let position = 1; position <= stopCount; position++) {
    const point = await one<{ id: string }>(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng) values ($1, $2, $3, $4::integer, 'Testvej ' || $4::text, 55.6, 12.4) returning id`,
      [base.tenant_id, route.id, depoId, position],
    );
    const stop = await one<{ id: string; uuid: string }>(
      `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, google_estimate_time, original_google_estimate_time)
       values ($1, $2, $3, $4, $5::integer, 'Testvej ' || $5::text, now() + interval '3 hours', now() + interval '3 hours') returning id, uuid`,
      [base.tenant_id, planEvent.id, point.id, depoId, position],
    );
    stops.push({ id: Number(stop.id), uuid: stop.uuid, routePointId: Number(point.id) });
  }
  const customers: number[] = [];

  return {
    db,
    tenantId: base.tenant_id,
    depoId,
    routePointId: stops[0].routePointId,
    planEventId: Number(planEvent.id),
    stopId: stops[0].id,
    stopUuid: stops[0].uuid,
    stops,
    async subscribe(options = {}) {
      const customer = await one<{ id: string; uuid: string }>(
        `insert into public.customers (tenant_id, phone, sms_permission) values ($1, $2, $3) returning id, uuid`,
        [base.tenant_id, options.phone ?? randomPhone(), options.smsPermission ?? true],
      );
      customers.push(Number(customer.id));
      await db.query(
        `insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id) values ($1, $2, $3, $4)`,
        [base.tenant_id, customer.id, stops[0].routePointId, depoId],
      );
      const receiver = await one<{ id: string }>(
        `select id from public.sms_receivers where customer_id = $1 and plan_event_route_point_id = $2`,
        [customer.id, stops[0].id],
      );
      return { customerId: Number(customer.id), customerUuid: customer.uuid, receiverId: Number(receiver.id) };
    },
    async setEstimate(minutesFromNow) {
      await db.query(
        `update public.plan_event_route_points set google_estimate_time = now() + make_interval(mins => $2) where id = $1`,
        [stops[0].id, minutesFromNow],
      );
    },
    async makeDue(receiverIds) {
      await db.query(
        `update public.sms_receivers set sms_should_send_at = now() - interval '1 second' where id = any ($1::bigint[])`,
        [receiverIds],
      );
    },
    async remove() {
      await db.query('delete from public.sms_outbox where plan_event_id = $1', [planEvent.id]);
      await db.query('delete from public.plan_events where id = $1', [planEvent.id]);
      await db.query('delete from public.routes where id = $1', [route.id]);
      await db.query('delete from public.customers where id = any ($1::bigint[])', [customers]);
    },
  };
}

/**
 * Holds the cron dispatcher (every 5 s) off while a test file drives the dispatcher itself (it would otherwise send
 * the file's messages through the local provider); returns the undo. Files that pause it run one at a time.
 */
export async function pauseCronDispatcher(db: pg.Client): Promise<() => Promise<void>> {
  const lock = await holdDataLock('sms dispatcher');
  const resume = await pauseCronJob(db, 'sms-dispatch').catch(async (error: unknown) => {
    await lock.release();
    throw error;
  });
  return async () => {
    await resume();
    await lock.release();
  };
}
