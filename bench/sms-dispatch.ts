import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';

const MESSAGES = 10_000;
const STOPS = 100;
const DISPATCHERS = 4;

/**
 * 10,000 due SMS, 4 dispatcher processes (the TypeScript dispatcher, local provider, through the REST API as the
 * edge function calls it). Once with all four running to the end, once with one killed (SIGKILL) just after its
 * third claim. Counts from the database: duplicates (more than one outbox row or hand-over per receiver) and lost
 * (a receiver without a sent SMS at the end). The cron dispatcher (every 5 s) is held off meanwhile.
 */
export async function benchSmsDispatch(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  db.on('error', () => undefined);
  await db.connect();
  await db.query(`update cron.job set active = false where jobname = 'sms-dispatch'`);
  try {
    const allRunning = await run(db, info, 0);
    const oneKilled = await run(db, info, 3);
    return {
      name: 'sms',
      messages: MESSAGES,
      dispatchers: DISPATCHERS,
      target_seconds: 60,
      all_running: allRunning,
      one_killed_mid_batch: oneKilled,
    };
  } finally {
    await db.query(`update cron.job set active = true where jobname = 'sms-dispatch'`);
    await db.end();
  }
}

async function run(db: pg.Client, info: StackInfo, killAfterClaims: number) {
  const setup = performance.now();
  const planEventId = await makeDueReceivers(db);
  console.error(`sms bench: ${MESSAGES} due receivers made in ${Math.round(performance.now() - setup)} ms`);
  const started = performance.now();
  const workers: ChildProcess[] = Array.from({ length: DISPATCHERS }, (_, i) =>
    // Node itself with tsx's loader (no wrapper process), so a kill reaches the dispatcher and its exit says so.
    spawn(process.execPath, ['--import', 'tsx', 'bench/support/sms-dispatch-worker.ts'], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        BENCH_API_URL: info.apiUrl,
        BENCH_SERVICE_KEY: info.serviceRoleKey,
        KILL_AFTER_CLAIMS: i === 0 ? String(killAfterClaims) : '0',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  let killed = false;
  let crashed = false;
  workers[0].once('exit', (_code, signal) => (killed = signal === 'SIGKILL'));
  for (const worker of workers)
    worker.once(
      'exit',
      (code, signal) =>
        (crashed ||=
          (code !== null && code !== 0) || (signal !== null && !(worker === workers[0] && killAfterClaims > 0))),
    );

  let sent = 0;
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    sent = Number(
      (
        await db.query(`select count(*) as n from public.sms_outbox where plan_event_id = $1 and status = 'sent'`, [
          planEventId,
        ])
      ).rows[0].n,
    );
    if (sent >= MESSAGES) break;
    if (crashed) {
      for (const worker of workers) worker.kill('SIGKILL');
      throw new Error('a dispatcher failed (see its error above)');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `sms bench: ${sent} sent in ${seconds.toFixed(1)} s${killAfterClaims ? ' (one dispatcher killed)' : ''}`,
  );
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');

  const {
    rows: [check],
  } = await db.query<{ duplicates: string; lost: string; unknown: string }>(
    `
    select (select count(*) from (select sms_receiver_id from public.sms_outbox where plan_event_id = $1 group by 1 having count(*) > 1) d) as duplicates,
           (select count(*) from public.sms_receivers r join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
             where p.plan_event_id = $1 and (r.sms_sent_at is null
               or not exists (select 1 from public.sms_outbox o where o.sms_receiver_id = r.id and o.status = 'sent'))) as lost,
           (select count(*) from public.sms_outbox where plan_event_id = $1 and status = 'unknown') as unknown`,
    [planEventId],
  );
  await removeBenchWorld(db, planEventId);
  return {
    seconds: Math.round(seconds * 10) / 10,
    sent,
    duplicates: Number(check.duplicates),
    lost: Number(check.lost),
    unknown: Number(check.unknown),
    dispatcher_killed: killAfterClaims > 0 ? killed : undefined,
  };
}

/** A plan event of its own with 100 stops an hour away, 100 subscribed customers each, all due now. */
async function makeDueReceivers(db: pg.Client): Promise<number> {
  const one = async (sql: string, params: unknown[] = []) =>
    (await db.query(sql, params)).rows[0] as Record<string, string>;
  const base = await one(`
    select t.id as tenant_id, d.id as depo_id, m.user_id, c.id as car_id
      from public.tenants t join public.depos d on d.tenant_id = t.id
      join public.tenant_memberships m on m.tenant_id = t.id and m.role = 'driver'
      join public.cars c on c.tenant_id = t.id and c.depo_id = d.id
     where t.slug = 'hjem-is' order by d.id, m.user_id, c.id limit 1`);
  const route = await one(
    `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, 'SMS bench') returning id`,
    [base.tenant_id, base.depo_id],
  );
  const planEvent = await one(
    `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id)
    values ($1, $2, date '2400-01-01' + (random() * 100000)::int, $3, $4, $5) returning id`,
    [base.tenant_id, base.depo_id, route.id, base.user_id, base.car_id],
  );
  await db.query(
    `insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, google_estimate_time)
    select $1, $2, $3, n, now() + interval '1 hour' from generate_series(1, $4::int) n`,
    [base.tenant_id, planEvent.id, base.depo_id, STOPS],
  );
  await db.query(
    `
    with made as (
      insert into public.customers (tenant_id, phone, first_name)
      select $1, '+45' || (41100000 + n)::text, 'Bench' -- Danish mobile numbers: the engine texts nothing else
        from generate_series(1, $3::int) n on conflict do nothing returning id
    ), numbered as (select id, row_number() over (order by id) as k from made),
    stops as (select id, row_number() over (order by position) as s from public.plan_event_route_points where plan_event_id = $2)
    insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id, sms_should_send_at)
    select $1, c.id, s.id, $4, now() - interval '1 second'
      from numbered c join stops s on s.s = 1 + (c.k - 1) % $5`,
    [base.tenant_id, planEvent.id, MESSAGES, base.depo_id, STOPS],
  );
  const count = Number(
    (
      await one(
        `select count(*) as n from public.sms_receivers r join public.plan_event_route_points p on p.id = r.plan_event_route_point_id where p.plan_event_id = $1`,
        [planEvent.id],
      )
    ).n,
  );
  if (count !== MESSAGES) throw new Error(`made ${count} receivers instead of ${MESSAGES}`);
  return Number(planEvent.id);
}

async function removeBenchWorld(db: pg.Client, planEventId: number): Promise<void> {
  const {
    rows: [pe],
  } = await db.query(`select route_id from public.plan_events where id = $1`, [planEventId]);
  await db.query(
    `delete from public.customers where id in (select r.customer_id from public.sms_receivers r
    join public.plan_event_route_points p on p.id = r.plan_event_route_point_id where p.plan_event_id = $1)`,
    [planEventId],
  );
  await db.query(`delete from public.sms_outbox where plan_event_id = $1`, [planEventId]);
  await db.query(`delete from public.plan_events where id = $1`, [planEventId]);
  await db.query(`delete from public.routes where id = $1`, [pe.route_id]);
}
