/**
 * Old and new versions of the scalefix2 functions side by side on a stack that has the scale tenant but not the
 * new migrations (the integrator's kept scale-1 stack): the new definitions are created under other names in a
 * transaction that is rolled back (functions only: the migrations' indexes are not built), then each request runs
 * old and new alternately, 30 times each after 3 warm-ups, as the scale tenant's admin under row-level security.
 * Usage: STACK_INFO_FILE=.local/stack-<port>.json npx tsx bench/scale/old-new-sql.ts
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { SCALE_TENANT } from '../../tools/seed-scale/scale-steps.ts';
import { percentile, round } from '../support/stats.ts';

const ROUNDS = 30;
const WARM_UPS = 3;

/** A migration's statements from its first `create or replace function`, with the function renamed. */
function newDefinition(file: string, name: string): string {
  const text = readFileSync(new URL(`../../supabase/migrations/${file}`, import.meta.url), 'utf8');
  const from = text.indexOf(
    name.startsWith('public.search')
      ? 'create function app_private.address_search_conditions'
      : 'create or replace function',
  );
  return text.slice(from).replace(`${name}(`, `${name}_new(`);
}

const info = JSON.parse(readFileSync(process.env.STACK_INFO_FILE ?? '.local/stack.json', 'utf8')) as { dbUrl: string };
const db = new pg.Client({ connectionString: info.dbUrl });
await db.connect();
const {
  rows: [who],
} = await db.query<{ tenant_id: string; user_id: string }>(
  `select t.id as tenant_id, u.id as user_id from public.tenants t, auth.users u where t.slug = $1 and u.email = $2`,
  [SCALE_TENANT, `admin@${SCALE_TENANT}.test`],
);
await db.query('begin');
try {
  await db.query(newDefinition('20261201010000_tenant_address_search_grouped.sql', 'public.search_tenant_addresses'));
  await db.query(newDefinition('20261201010100_b2b_customer_counts_by_key.sql', 'public.b2b_customer_status_sizes'));
  await db.query(`grant execute on function public.search_tenant_addresses_new(uuid, text, integer),
                  public.b2b_customer_status_sizes_new(uuid, bigint, text, text) to authenticated`);
  await db.query('set local role authenticated');
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: who.user_id, role: 'authenticated' }),
  ]);
  const requests: Array<[string, (suffix: string) => string]> = [
    ['address search "Hovedgaden"', (s) => `select * from public.search_tenant_addresses${s}($1, 'Hovedgaden', 10)`],
    ['address search "Parkvej 149"', (s) => `select * from public.search_tenant_addresses${s}($1, 'Parkvej 149', 10)`],
    ['B2B tab counts', (s) => `select * from public.b2b_customer_status_sizes${s}($1, null, 'active', null)`],
    [
      'B2B tab counts "kiosk"',
      (s) => `select * from public.b2b_customer_status_sizes${s}($1, null, 'active', 'kiosk')`,
    ],
  ];
  for (const [name, sql] of requests) {
    const times: Record<string, number[]> = { old: [], new: [] };
    const answers: Record<string, string> = {};
    for (let i = 0; i < WARM_UPS + ROUNDS; i += 1) {
      for (const [label, suffix] of [
        ['old', ''],
        ['new', '_new'],
      ]) {
        const started = performance.now();
        const { rows } = await db.query(sql(suffix), [who.tenant_id]);
        const ms = performance.now() - started;
        if (i >= WARM_UPS) times[label].push(ms);
        answers[label] = JSON.stringify(rows);
      }
      if (answers.old !== answers.new) throw new Error(`${name}: old and new answer differently`);
    }
    const figure = (label: string) =>
      `p50 ${round(percentile(times[label], 50), 1)} p95 ${round(percentile(times[label], 95), 1)}`;
    console.log(`${name}: old ${figure('old')} | new ${figure('new')} (ms, same answers)`);
  }
} finally {
  await db.query('rollback');
  await db.end();
}
