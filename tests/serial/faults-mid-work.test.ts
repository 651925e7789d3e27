import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEodWorld, SKUS, type EodWorld } from '../db/eod-world.ts';
import { adminDb, makeSmsWorld, serviceRpc, type SmsWorld } from '../db/sms-world.ts';
import { addFunctionEnv, perTenant } from '../contract/functions/admin/support/function-env.ts';
import { pauseCronJob } from '../support/cron-pause.ts';
import { serviceClient } from '../support/clients.ts';
import {
  connection,
  deliveredAfterFault,
  functionWorker,
  killPostgres,
  killPostgrest,
  listeningClient,
  waitForRest,
} from '../support/fault-injection.ts';
import { heldSmsProvider } from '../support/held-sms-provider.ts';
import { positionsApplied } from '../support/positions-applied.ts';
import { stackInfo } from '../support/stack-info.ts';
import { until } from '../support/stack-process.ts';
import { failureKind, failureSentences } from '../../src/shared/errors/failure-kind.ts';

// Issue 15, "Faults": Postgres, PostgREST, the realtime service's database side and a function worker killed while
// work is under way. Afterwards nothing is lost and nothing doubled (checked in SQL), and every client resumes by itself.

const BATCHES = 16;
const FIXES = 25;

interface Burst {
  sent: number;
  failed: number[];
  errors: Array<{ status: number; message: string }>;
  start: number;
}

/** A burst of GPS batches as the gps-sync function writes them (one multi-row upsert each), one after the other. */
async function positionBurst(world: EodWorld, start: number, onBatch: (n: number) => void): Promise<Burst> {
  const burst: Burst = { sent: 0, failed: [], errors: [], start };
  for (let b = 0; b < BATCHES; b += 1) {
    const rows = Array.from({ length: FIXES }, (_, i) => ({
      tenant_id: world.tenantId,
      car_id: world.carId,
      depo_id: world.depoId,
      recorded_at: new Date(start + (b * FIXES + i) * 1000).toISOString(),
      lat: 55.6 + i / 1e4,
      lng: 12.5,
      speed_kmh: 30,
      heading: 90,
    }));
    const { error, status } = await serviceClient()
      .from('car_positions')
      .upsert(rows, { onConflict: 'tenant_id,car_id,recorded_at', ignoreDuplicates: true });
    if (error) {
      burst.failed.push(b);
      burst.errors.push({ status, message: error.message });
    } else burst.sent += 1;
    onBatch(b);
  }
  return burst;
}

/** The batches that failed, sent again as the next gps-sync tick would; then the count of the burst's rows. */
async function resendAndCount(world: EodWorld, burst: Burst): Promise<number> {
  for (const b of burst.failed) {
    const rows = Array.from({ length: FIXES }, (_, i) => ({
      tenant_id: world.tenantId,
      car_id: world.carId,
      depo_id: world.depoId,
      recorded_at: new Date(burst.start + (b * FIXES + i) * 1000).toISOString(),
      lat: 55.6 + i / 1e4,
      lng: 12.5,
      speed_kmh: 30,
      heading: 90,
    }));
    const { error } = await serviceClient()
      .from('car_positions')
      .upsert(rows, { onConflict: 'tenant_id,car_id,recorded_at', ignoreDuplicates: true });
    expect(error).toBeNull();
  }
  const db = await connection();
  try {
    const {
      rows: [c],
    } = await db.query<{ n: string; distinct_n: string }>(
      `select count(*) as n, count(distinct recorded_at) as distinct_n from public.car_positions
        where tenant_id = $1 and car_id = $2 and recorded_at >= $3 and recorded_at < $4`,
      [
        world.tenantId,
        world.carId,
        new Date(burst.start).toISOString(),
        new Date(burst.start + BATCHES * FIXES * 1000).toISOString(),
      ],
    );
    expect(c.n).toBe(c.distinct_n);
    return Number(c.n);
  } finally {
    await db.end();
  }
}

/**
 * A clear refusal: 503 (try again) with PostgREST's or the gateway's own sentence, which the app shows a person as
 * its server sentence (src/shared/errors), never raw text.
 */
const REFUSALS = [
  /^Database (client|connection) error\. Retrying the connection\.$/,
  /^The REST service is not reachable right now; try again in a moment\.$/,
  // Postgres's own words (57P01-57P03) for a server going away or coming back.
  /^terminating connection due to (unexpected postmaster exit|administrator command)$|^the database system is (starting up|shutting down|in recovery mode)$/,
];
function expectClearRefusals(burst: Burst): void {
  expect(burst.failed.length).toBeGreaterThan(0);
  for (const error of burst.errors) {
    expect(error.status, error.message).toBe(503);
    expect(
      REFUSALS.some((sentence) => sentence.test(error.message)),
      error.message,
    ).toBe(true);
    expect(failureSentences[failureKind(error)]).toBe('Something went wrong on the server. Please try again.');
  }
}

let world: EodWorld;
let smsDb: pg.Client;
let depoWarehouseId: number;
let sms: SmsWorld;

beforeAll(async () => {
  world = await createEodWorld();
  for (const sku of SKUS) await world.stock(sku, 50);
  // The transfer goes into a depo warehouse: the approval holds the car warehouse's balances until the kill.
  const db = await connection();
  depoWarehouseId = Number(
    (
      await db.query<{ id: string }>(
        `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, "primary") values ($1, $2, $3, 'Fault depo', 'depo', true) returning id`,
        [world.tenantId, world.depoId, `FD-${world.slug}`],
      )
    ).rows[0].id,
  );
  await db.end();
  smsDb = await connection();
  // This test drives the dispatcher itself; afterAll turns the cron job on again (this connection dies with the server).
  await pauseCronJob(smsDb, 'sms-dispatch');
  sms = await makeSmsWorld(smsDb);
}, 120_000);

afterAll(async () => {
  // The connections the SMS world and the dispatcher pause were made on died with the server: clean up on a new one.
  const db = await connection();
  try {
    await db.query(`update cron.job set active = true where jobname = 'sms-dispatch'`);
    if (sms) {
      const { rows } = await db.query<{ customer_id: string }>(
        'select customer_id from public.stop_subscriptions where route_point_id = $1',
        [sms.routePointId],
      );
      await db.query('delete from public.sms_outbox where plan_event_id = $1', [sms.planEventId]);
      await db.query('delete from public.plan_events where id = $1', [sms.planEventId]);
      await db.query('delete from public.routes r using public.route_points p where p.id = $1 and r.id = p.route_id', [
        sms.routePointId,
      ]);
      await db.query('delete from public.customers where id = any ($1::bigint[])', [rows.map((r) => r.customer_id)]);
    }
  } finally {
    await db.end();
  }
  await smsDb?.end().catch(() => undefined);
  await world?.drop();
});

describe('Postgres killed in the middle of work', () => {
  it('loses nothing and doubles nothing of an SMS dispatch, an EOD approval, a stock transfer and a position burst', async () => {
    const topic = `faults-${randomUUID().slice(0, 8)}`;
    const live = await listeningClient(topic);

    // SMS: A handed over to the provider, B claimed but not yet handed over, C in a dispatch whose transaction is open.
    const [a, b, c] = [await sms.subscribe(), await sms.subscribe(), await sms.subscribe()];
    await sms.makeDue([a.receiverId, b.receiverId]);
    expect((await serviceRpc('sms_enqueue_due', { max_rows: 500 })).error).toBeNull();
    const outboxOf = async (receiverId: number) => {
      const db = await connection();
      try {
        return (
          await db.query<{ id: string; status: string }>(
            `select id, status from public.sms_outbox where sms_receiver_id = $1 and kind = 'arrival' order by id`,
            [receiverId],
          )
        ).rows;
      } finally {
        await db.end();
      }
    };
    const [aRow] = await outboxOf(a.receiverId);
    const [bRow] = await outboxOf(b.receiverId);
    const token = randomUUID();
    const claimed = await serviceRpc('sms_claim', { token, max_rows: 500 });
    expect(claimed.error).toBeNull();
    expect((await serviceRpc('sms_mark_submitted', { token, ids: [Number(aRow.id)] })).data).toEqual([Number(aRow.id)]);
    await sms.makeDue([c.receiverId]);

    const report = await world.report(
      (await world.trip()).planEventId,
      SKUS.map((sku) => ({ sku, quantity: 2 })),
    );

    // A cron run whose outcome died with the server: its row says 'running', and the process that ran it never returns.
    const cronDb = await connection();
    const {
      rows: [lostRun],
    } = await cronDb.query<{ runid: string }>(
      `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
       select jobid, database, username, command, 'running', now() - interval '1 minute' from cron.job where jobname = 'prune-sign-in-failures'
       returning runid`,
    );
    await cronDb.end();

    // Three transactions with their work done and not yet committed when the server dies.
    const [smsTx, eodTx, transferTx] = [await connection(), await connection(), await connection()];
    await smsTx.query('begin');
    await smsTx.query('select app_private.sms_dispatch_locally(500)');
    await eodTx.query('begin');
    await eodTx.query('select app_private.approve_eod_report(e) from public.end_of_day_reports e where e.id = $1', [
      report,
    ]);
    await transferTx.query('begin');
    const {
      rows: [transfer],
    } = await transferTx.query<{ id: string }>(
      `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, kind, description) values ($1, $2, $3, 'regular', 'Fault transfer') returning id`,
      [world.tenantId, world.depoId, depoWarehouseId],
    );
    await transferTx.query(
      `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) select $1, $2, $3, unnest($4::bigint[]), 5`,
      [world.tenantId, transfer.id, world.depoId, SKUS.map((sku) => world.products.get(sku))],
    );

    // The burst runs on; the server is killed once a few of its batches are in.
    const start = Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 1e6) * 1000;
    let killed = false;
    let killedAt = new Date();
    const burst = positionBurst(world, start, (n) => {
      if (n === 3 && !killed) {
        killed = true;
        killedAt = new Date();
        killPostgres();
      }
    });
    const finished = await burst;
    for (const tx of [smsTx, eodTx, transferTx]) await expect(tx.query('commit')).rejects.toThrow();
    await waitForRest();

    // The scheduler's runs that the kill cut short are recorded as over, not left 'running' for ever.
    await until(
      'the cron runs cut short to be closed',
      async () => {
        const db = await connection().catch(() => undefined);
        if (!db) return false;
        try {
          return (
            (
              await db.query(
                `select 1 from cron.job_run_details where status in ('starting', 'running') and start_time < $1`,
                [killedAt],
              )
            ).rows.length === 0
          );
        } finally {
          await db.end();
        }
      },
      90_000,
    );
    const closed = await connection();
    try {
      const {
        rows: [run],
      } = await closed.query<{ status: string; return_message: string }>(
        'select status, return_message from cron.job_run_details where runid = $1',
        [lostRun.runid],
      );
      expect(run).toEqual({ status: 'failed', return_message: 'server restarted' });
    } finally {
      await closed.end();
    }

    // Refused batches were told so in words; stored ones are all there; sent again, every fix is stored exactly once.
    expect(finished.sent).toBeGreaterThanOrEqual(4);
    expectClearRefusals(finished);
    expect(await resendAndCount(world, finished)).toBe(BATCHES * FIXES);
    await positionsApplied({ tenantId: world.tenantId, carIds: [world.carId] }, 60_000);

    // The open transactions left nothing behind.
    expect(await world.balance(SKUS[0])).toBe(50);
    const db = await connection();
    try {
      const pendingReport = (
        await db.query<{ status: string; stock_transfer_id: string | null }>(
          'select status, stock_transfer_id from public.end_of_day_reports where id = $1',
          [report],
        )
      ).rows[0];
      expect(pendingReport).toEqual({ status: 'pending', stock_transfer_id: null });
      expect(
        (
          await db.query(
            `select 1 from public.stock_transfers where tenant_id = $1 and description = 'Fault transfer'`,
            [world.tenantId],
          )
        ).rows,
      ).toEqual([]);
      expect(await outboxOf(c.receiverId)).toEqual([]);

      // Done again: once each, and a second approval is refused with the spec's sentence.
      expect((await world.admin.rpc('approve_end_of_day_report', { p_report_id: report })).error).toBeNull();
      const again = await world.admin.rpc('approve_end_of_day_report', { p_report_id: report });
      expect(again.error?.message).toBe(
        'EOD for this trip has already been approved. Please change EOD open date or create EOD manually',
      );
      await world.stock(SKUS[0], 5);
      expect(await world.balance(SKUS[0])).toBe(50 - 2 + 5);
      expect(await world.balance(SKUS[1])).toBe(50 - 2);
      expect(
        (
          await db.query(`select 1 from public.stock_transfers where tenant_id = $1 and kind = 'sales'`, [
            world.tenantId,
          ])
        ).rows,
      ).toHaveLength(1);
      expect((await db.query('select * from app_private.stock_ledger_mismatches($1)', [world.tenantId])).rows).toEqual(
        [],
      );

      // The leases run out (30 s; shortened here): the handed-over SMS becomes unknown and is never resent,
      // the claimed one is claimed again and sent, and C is sent: one arrival SMS per receiver.
      await db.query(
        `update public.sms_outbox set claim_expires_at = now() - interval '1 second' where id = any ($1::bigint[])`,
        [[aRow.id, bRow.id]],
      );
      await db.query('select public.sms_expire_claims()');
      await db.query('select app_private.sms_dispatch_locally(500)');
      const statuses = async (receiverId: number) => (await outboxOf(receiverId)).map((row) => row.status);
      expect(await statuses(a.receiverId)).toEqual(['unknown']);
      expect(await statuses(b.receiverId)).toEqual(['sent']);
      expect(await statuses(c.receiverId)).toEqual(['sent']);
      const { rows: sentAt } = await db.query<{ id: string; sms_sent_at: Date | null }>(
        'select id, sms_sent_at from public.sms_receivers where id = any ($1::bigint[]) order by id',
        [[a.receiverId, b.receiverId, c.receiverId]],
      );
      expect(sentAt.map((r) => r.sms_sent_at !== null)).toEqual([false, true, true]);
    } finally {
      await db.end();
    }

    // The realtime client resumes by itself.
    await deliveredAfterFault(topic, live.received, 'after postgres');
    await live.client.removeAllChannels();
  });
});

describe('PostgREST killed during a position burst', () => {
  it('answers each batch stored or refused in words, and takes the refused ones when sent again', async () => {
    const start = Date.UTC(2026, 1, 1) + Math.floor(Math.random() * 1e6) * 1000;
    const finished = await positionBurst(world, start, (n) => n === 3 && killPostgrest());
    await waitForRest();
    expectClearRefusals(finished);
    expect(await resendAndCount(world, finished)).toBe(BATCHES * FIXES);
  });
});

describe('the realtime service losing its database', () => {
  it('reconnects its listener and delivers database broadcasts again', async () => {
    const topic = `faults-${randomUUID().slice(0, 8)}`;
    const live = await listeningClient(topic);
    const db = await connection();
    try {
      const { rows } = await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name in ('realtime', 'realtime_listener') and pid <> pg_backend_pid()`,
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    await deliveredAfterFault(topic, live.received, 'after realtime lost its connections');
    await live.client.removeAllChannels();
  });
});

describe('a function worker killed', () => {
  it('is replaced by a fresh worker at the next request', async () => {
    const health = () =>
      fetch(`${stackInfo().apiUrl}/functions/v1/health`, { headers: { apikey: stackInfo().anonKey } });
    expect((await health()).status).toBe(200);
    const pid = functionWorker('health');
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    await until(
      'a new health worker to answer',
      async () => (await health().catch(() => undefined))?.status === 200,
      30_000,
    );
    expect(functionWorker('health')).not.toBe(pid);
  });
});

describe('a function worker killed in the middle of an SMS dispatch', () => {
  it('sends nothing twice: what was handed to the provider becomes unknown when its lease ends, the rest is sent once', async () => {
    const provider = await heldSmsProvider(1);
    const db = await adminDb();
    const w = await makeSmsWorld(db);
    const dispatch = () =>
      fetch(`${stackInfo().apiUrl}/functions/v1/sms-dispatch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stackInfo().serviceRoleKey}`, apikey: stackInfo().serviceRoleKey },
        body: '{}',
      });
    const outbox = async () =>
      (
        await db.query<{ id: string; sms_receiver_id: string; status: string }>(
          `select id, sms_receiver_id, status from public.sms_outbox where plan_event_id = $1 and kind = 'arrival' order by id`,
          [w.planEventId],
        )
      ).rows;
    // A run with the local provider first: anything else due is sent before the provider is held, and a worker runs.
    await (await dispatch()).body?.cancel();
    const before = functionWorker('sms-dispatch');
    // The dispatcher sends hjem-is's messages through the held provider; a changed .env starts a fresh worker.
    const undoEnv = addFunctionEnv({
      [perTenant('GATEWAYAPI_URL', 'hjem-is')]: provider.url,
      [perTenant('GATEWAYAPI_TOKEN', 'hjem-is')]: 'fault-token',
    });
    try {
      await until(
        'the dispatcher to restart with the provider settings',
        async () => {
          await (await dispatch()).body?.cancel();
          const now = functionWorker('sms-dispatch');
          return now !== undefined && now !== before;
        },
        30_000,
      );

      const receivers = [await w.subscribe(), await w.subscribe(), await w.subscribe()];
      await w.makeDue(receivers.map((r) => r.receiverId));
      const cut = dispatch();
      // One message answered, two held at the provider: the worker dies with the batch's outcomes unrecorded.
      await until(
        'the batch to be handed to the provider',
        async () => {
          const rows = await outbox();
          return rows.length === 3 && rows.every((row) => provider.received.includes(row.id));
        },
        30_000,
      );
      const worker = functionWorker('sms-dispatch');
      expect(worker).toBeDefined();
      process.kill(worker!, 'SIGKILL');
      const answer = await cut;
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(await answer.json()).toHaveProperty('message');
      provider.release();
      const ids = (await outbox()).map((row) => row.id).sort();
      // Only this world's messages count (the provider serves the whole tenant).
      let laterId = '';
      const handedOver = () => provider.received.filter((id) => ids.includes(id) || id === laterId).sort();
      expect(handedOver()).toEqual(ids);

      // Their leases end (30 s; shortened here); the next run, in a fresh worker, resends none of them.
      await db.query(
        `update public.sms_outbox set claim_expires_at = now() - interval '1 second' where id = any ($1::bigint[])`,
        [ids],
      );
      const later = await w.subscribe();
      await w.makeDue([later.receiverId]);
      const rerun = await dispatch();
      expect(rerun.status).toBe(200);
      await rerun.body?.cancel();
      const rows = await outbox();
      expect(rows.filter((row) => ids.includes(row.id)).map((row) => row.status)).toEqual([
        'unknown',
        'unknown',
        'unknown',
      ]);
      const laterRow = rows.find((row) => row.sms_receiver_id === String(later.receiverId));
      expect(laterRow?.status).toBe('sent');
      laterId = laterRow!.id;
      // Each message reached the provider exactly once.
      expect(handedOver()).toEqual([...ids, laterId].sort());
    } finally {
      undoEnv();
      await w.remove();
      await db.end();
      await provider.close();
    }
  });
});
