/**
 * `STACK_INFO_FILE=<stack.json> npx tsx tools/scaling/rest-pool.ts`: many concurrent API clients against
 * PostgREST's connection pool (20 connections here), and direct Postgres connections until the server
 * refuses. For each client count: requests/s, latency p50/p95, failures and the most backends PostgREST held.
 * What it shows: clients of the API never cost Postgres more than the pool; direct clients cost one backend
 * each, which is what Supavisor (or PgBouncer) in front of Postgres is for. Writes
 * bench/results/scaling-rest-pool.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import { summarise } from '../../bench/support/stats.ts';

interface StackInfo {
  apiUrl: string;
  anonKey: string;
  adminDbUrl: string;
  dbUrl: string;
  demoPassword: string;
}

const CLIENTS = (process.env.POOL_CLIENTS ?? '1,10,50,200,500').split(',').map(Number);
const SECONDS = Number(process.env.POOL_SECONDS ?? 5);

async function main(): Promise<void> {
  const info = JSON.parse(
    readFileSync(process.env.STACK_INFO_FILE ?? path.join(ROOT_DIR, '.local', 'stack.json'), 'utf8'),
  ) as StackInfo;
  const signIn = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@hjem-is.test', password: info.demoPassword }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const headers = { apikey: info.anonKey, authorization: `Bearer ${token}`, accept: 'application/json' };
  // A list page as the staff screens ask for it: 25 cars through RLS.
  const url = `${info.apiUrl}/rest/v1/cars?select=id,internal_number,plate_number,depo_id&order=id&limit=25`;

  const watcher = new pg.Client({ connectionString: info.adminDbUrl });
  await watcher.connect();
  const maxConnections = Number(
    (await watcher.query<{ max_connections: string }>('show max_connections')).rows[0]!.max_connections,
  );
  const api = [];
  for (const clients of CLIENTS) {
    let peak = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const { rows } = await watcher.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity where usename = 'authenticator'`,
        );
        peak = Math.max(peak, Number(rows[0]!.n));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const latencies: number[] = [];
    let failures = 0;
    let firstFailure = '';
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            const response = await fetch(url, { headers });
            await response.arrayBuffer();
            if (response.ok) latencies.push(performance.now() - started);
            else {
              failures += 1;
              firstFailure ||= `${response.status}`;
            }
          } catch (error) {
            failures += 1;
            firstFailure ||= (error as Error).message;
          }
        }
      }),
    );
    watching = false;
    await watch;
    const row = {
      clients,
      requests_per_s: Number((latencies.length / SECONDS).toFixed(1)),
      latency: summarise(latencies),
      failures,
      first_failure: firstFailure || undefined,
      peak_postgrest_backends: peak,
    };
    console.log(JSON.stringify(row));
    api.push(row);
  }

  // Direct clients: one backend each, until Postgres says no (reserved superuser slots aside).
  const direct: pg.Client[] = [];
  let refusal = '';
  const opening = performance.now();
  while (direct.length < maxConnections + 10) {
    const c = new pg.Client({ connectionString: info.dbUrl });
    try {
      await c.connect();
      direct.push(c);
    } catch (error) {
      refusal = (error as Error).message;
      break;
    }
  }
  const directMs = performance.now() - opening;
  const backendsAtPeak = Number(
    (await watcher.query<{ n: string }>('select count(*) as n from pg_stat_activity')).rows[0]!.n,
  );
  await Promise.all(direct.map((c) => c.end()));
  await watcher.end();

  const result = {
    name: 'scaling-rest-pool',
    description: `Concurrent API clients (${SECONDS} s each) reading a 25-row page through gateway + PostgREST (pool of 20) + RLS; then direct connections as postgres until refused`,
    max_connections: maxConnections,
    api,
    direct: {
      opened: direct.length,
      refused_with: refusal,
      open_ms: Number(directMs.toFixed(0)),
      backends_at_peak: backendsAtPeak,
    },
    measured_at: new Date().toISOString(),
    machine: `${os.platform()} ${os.arch()}, ${os.cpus().length} cores`,
    load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
  writeFileSync(
    path.join(ROOT_DIR, 'bench', 'results', 'scaling-rest-pool.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result.direct));
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
