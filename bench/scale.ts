import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import type { Database } from '../src/shared/supabase/database.types.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { loadScale, scaleCounts, scaleLedgerMismatches } from '../tools/seed-scale/load-scale.ts';
import { SCALE_TENANT } from '../tools/seed-scale/scale-steps.ts';
import { judgePlans, RpcPlanCollector, tableSizes } from './scale/plan-check.ts';
import { readScaleContext } from './scale/scale-context.ts';
import { scaleCases, type ScaleCase } from './scale/scale-cases.ts';
import { benchScaleDownloads } from './scale/scale-downloads.ts';
import { moreScaleCases, readMoreContext } from './scale/scale-more-cases.ts';
import { benchScaleEodApprove, benchScaleSalesExport } from './scale/scale-writes.ts';
import { round, summarise } from './support/stats.ts';

const WARMUP = 3;
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 30);
const GOAL_MS = 100;

export interface ScaleRow {
  screen: string;
  request: string;
  kind: 'rest' | 'rpc';
  rows: number;
  p50_ms: number;
  p95_ms: number;
  plan_ok: boolean;
  seq_scans: string[];
  goal_met: boolean;
}

const rowsOf = (data: unknown) => (Array.isArray(data) ? data.length : data === null || data === undefined ? 0 : 1);

/**
 * Every list, report and export of the specs on the production-scale tenant (`npm run seed:scale`; loaded here
 * first when the stack lacks it, at SCALE, default 1): each request as the app sends it through the gateway and
 * PostgREST as the tenant's admin (the public one as anon), p50/p95 of ROUNDS, and its plans judged: EXPLAIN
 * (ANALYZE, BUFFERS) of the REST request through PostgREST, of every statement an RPC runs through auto_explain;
 * a sequential scan of a large table fails the row.
 */
export async function benchScale(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.dbUrl });
  await db.connect();
  const admin = new pg.Client({ connectionString: info.adminDbUrl });
  await admin.connect();
  let load: { seconds: number; steps: Record<string, number> } | undefined;
  try {
    if (!(await db.query('select 1 from public.tenants where slug = $1', [SCALE_TENANT])).rowCount) {
      load = await loadScale(db, {
        scale: Number(process.env.SCALE ?? 1),
        onStep: (step, s) => console.error(`seed:scale ${step} ${s} s`),
      });
    }
    const counts = await scaleCounts(db);
    const ledgerMismatches = await scaleLedgerMismatches(db);
    const context = await readScaleContext(db);
    const more = await readMoreContext(db, context);

    const client = createClient<Database>(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const signIn = await client.auth.signInWithPassword({
      email: `admin@${SCALE_TENANT}.test`,
      password: info.demoPassword,
    });
    if (signIn.error) throw new Error(`sign-in: ${signIn.error.message}`);
    const token = signIn.data.session.access_token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;

    // PostgREST answers EXPLAIN for a request (Accept: application/vnd.pgrst.plan+json) only with db-plan-enabled:
    // on for the bench, through PostgREST's in-database configuration, and off again after.
    await admin.query(`alter role authenticator set pgrst.db_plan_enabled = 'true'`);
    await admin.query(`notify pgrst, 'reload config'`);
    const collector = new RpcPlanCollector(admin);
    await collector.prepare();
    const sizes = await tableSizes(admin);

    const callRpc = async (entry: Extract<ScaleCase, { kind: 'rpc' }>) => {
      const headers: Record<string, string> = {
        apikey: info.anonKey,
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (entry.role === 'authenticated') headers.authorization = `Bearer ${token}`;
      const response = await fetch(`${info.apiUrl}/rest/v1/rpc/${entry.fn}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(entry.args),
      });
      const data = (await response.json()) as unknown;
      if (!response.ok) throw new Error(`${entry.fn}: ${response.status} ${JSON.stringify(data)}`);
      return data;
    };
    const restPlan = async (entry: Extract<ScaleCase, { kind: 'rest' }>) => {
      // The reload above is asynchronous: retry until PostgREST answers plans.
      for (let attempt = 0; ; attempt += 1) {
        const { data, error } = await (entry.plan ?? entry.query)(client).explain({
          analyze: true,
          buffers: true,
          format: 'json',
        });
        if (!error && Array.isArray(data))
          return (data as Array<{ Plan: Parameters<typeof judgePlans>[0][number] }>).map((p) => p.Plan);
        if (attempt > 50)
          throw new Error(`no plan for ${entry.screen} ${entry.request}: ${error?.message ?? JSON.stringify(data)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    const rows: ScaleRow[] = [];
    // SCALE_ONLY=<screen>[,<screen>...]: only those screens' rows (and no writes), to re-measure a fix.
    const only = process.env.SCALE_ONLY;
    const screens = only?.split(',').map((screen) => screen.trim());
    for (const entry of [...scaleCases(context), ...moreScaleCases(context, more)].filter(
      (c) => !screens || screens.includes(c.screen),
    )) {
      const times: number[] = [];
      let count = 0;
      for (let round_ = 0; round_ < WARMUP + ROUNDS; round_ += 1) {
        const started = performance.now();
        let data: unknown;
        if (entry.kind === 'rest') {
          const answer = await entry.query(client);
          if (answer.error) throw new Error(`${entry.screen} ${entry.request}: ${answer.error.message}`);
          data = answer.data;
        } else {
          data = await callRpc(entry);
        }
        const ms = performance.now() - started;
        count = rowsOf(data);
        if (round_ >= WARMUP) times.push(ms);
      }
      const plans =
        entry.kind === 'rest'
          ? await restPlan(entry)
          : await collector.plans(entry.role, entry.role === 'anon' ? { role: 'anon' } : claims, entry.fn, entry.args);
      const verdict = judgePlans(plans, sizes);
      const summary = summarise(times);
      const row: ScaleRow = {
        screen: entry.screen,
        request: entry.request,
        kind: entry.kind,
        rows: count,
        p50_ms: summary.p50_ms,
        p95_ms: summary.p95_ms,
        plan_ok: verdict.ok,
        seq_scans: verdict.seq_scans,
        goal_met: verdict.ok && summary.p95_ms <= GOAL_MS,
      };
      console.error(
        `${row.screen} | ${row.request} | ${row.rows} | ${row.p50_ms} | ${row.p95_ms} | ${row.plan_ok ? 'ok' : row.seq_scans.join(', ')}`,
      );
      rows.push(row);
    }

    const eodApprove = only ? null : await benchScaleEodApprove(db, client, context);
    const salesExport = only ? null : await benchScaleSalesExport(info, token, context);
    const downloads = await benchScaleDownloads(info, token, context, more, screens);

    const failed = rows.filter((row) => !row.plan_ok).map((row) => `${row.screen}: ${row.request}`);
    if (failed.length) process.exitCode = 1;
    return {
      // SCALE_NAME: the results file's name, when the screens' names would make it too long.
      name: process.env.SCALE_NAME ?? (only ? `scale-${only.replace(/\W+/g, '-')}` : 'scale'),
      description: `Every list, report and export at production scale (tenant ${SCALE_TENANT}): requests as the app sends them through the gateway and PostgREST (admin JWT; public as anon), ${ROUNDS} rounds after ${WARMUP} warm-ups; plans by EXPLAIN (ANALYZE, BUFFERS), a Seq Scan of a table over 10,000 rows fails the row`,
      data: counts,
      stock_ledger_mismatches: ledgerMismatches,
      load_seconds: load ? round(load.seconds, 1) : null,
      load_steps_seconds: load?.steps ?? null,
      goal: `every list's data p95 <= ${GOAL_MS} ms, no Seq Scan on a large table, exports streamed in bounded memory`,
      rows,
      eod_approve: eodApprove,
      sales_export: salesExport,
      downloads,
      plans_failed: failed,
      goal_missed: rows
        .filter((row) => !row.goal_met)
        .map((row) => `${row.screen}: ${row.request} (p95 ${row.p95_ms} ms)`),
    };
  } finally {
    await admin.query('alter role authenticator reset pgrst.db_plan_enabled').catch(() => undefined);
    await admin.query(`notify pgrst, 'reload config'`).catch(() => undefined);
    await admin.end();
    await db.end();
  }
}
