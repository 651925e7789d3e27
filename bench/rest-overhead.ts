import pg from 'pg';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';

const ROUNDS = 600;
const WARMUP = 50;

/**
 * A 25-row page of route points through the gateway and PostgREST (as a signed-in admin, so RLS applies),
 * against the same query run directly on Postgres under the same role and claims.
 */
export async function benchRestOverhead(info: StackInfo) {
  const signIn = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@hjem-is.test', password: info.demoPassword }),
  });
  const session = (await signIn.json()) as { access_token: string };
  const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()) as Record<
    string,
    unknown
  >;

  const db = new pg.Client({ connectionString: info.dbUrl });
  db.on('error', () => undefined); // the stack stopping after a failed run must not crash the runner
  await db.connect();
  const tenant = await db.query<{ id: string }>(`select id from public.tenants where slug = 'hjem-is'`);
  const tenantId = tenant.rows[0].id;
  const headers = { apikey: info.anonKey, authorization: `Bearer ${session.access_token}`, accept: 'application/json' };

  const viaRest = async (offset: number) => {
    const started = performance.now();
    const response = await fetch(
      `${info.apiUrl}/rest/v1/route_points?select=*&tenant_id=eq.${tenantId}&order=id&limit=25&offset=${offset}`,
      { headers },
    );
    const rows = (await response.json()) as unknown[];
    if (!Array.isArray(rows) || rows.length !== 25)
      throw new Error(`REST page at offset ${offset} was not 25 rows: ${JSON.stringify(rows).slice(0, 300)}`);
    return performance.now() - started;
  };
  const direct = async (offset: number) => {
    const started = performance.now();
    await db.query('begin');
    await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(claims),
    ]);
    const result = await db.query(
      `select * from public.route_points where tenant_id = $1 order by id limit 25 offset $2`,
      [tenantId, offset],
    );
    await db.query('commit');
    if (result.rows.length !== 25) throw new Error(`SQL page had ${result.rows.length} rows`);
    return performance.now() - started;
  };

  const rest: number[] = [];
  const sql: number[] = [];
  for (let i = 0; i < WARMUP; i += 1) {
    await viaRest(i * 25);
    await direct(i * 25);
  }
  // Interleaved, so both see the same machine state.
  for (let i = 0; i < ROUNDS; i += 1) {
    // The demo tenant has about 1,300 route points: 50 pages of 25.
    const offset = (i % 50) * 25;
    rest.push(await viaRest(offset));
    sql.push(await direct(offset));
  }
  await db.end();
  const restSummary = summarise(rest);
  const sqlSummary = summarise(sql);
  return {
    name: 'rest-page-overhead',
    description:
      '25-row page of route_points through gateway + PostgREST with RLS vs the same query directly in Postgres',
    rest: restSummary,
    direct_sql: sqlSummary,
    overhead_p50_ms: round(restSummary.p50_ms - sqlSummary.p50_ms),
    ratio_p50: round(restSummary.p50_ms / sqlSummary.p50_ms),
    goal: 'overhead at p50 <= 3 ms',
    goal_met: restSummary.p50_ms - sqlSummary.p50_ms <= 3,
  };
}
