// The B2B customers xlsx export (edge function b2b-customers-export) with 100,000 customers in one tenant:
// time to the headers (the count), time to the last byte, file size, and the memory of the function's Deno
// process while it streams. Run on its own against a running stack:
//   STACK_INFO_FILE=.local/stack-<port>.json npx tsx bench/b2b-export.ts
// or from bench/run.ts once registered there.
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { readWorkbook } from '../tests/contract/functions/admin/support/xlsx.ts';
import { stackInfo, type StackInfo } from '../tests/support/stack-info.ts';
import { functionWorkerPid, rssMb } from './support/process-memory.ts';
import { round } from './support/stats.ts';

const CUSTOMERS = 100_000;

interface ExportRun {
  filter: string;
  x_total_rows: number;
  rows_in_file: number;
  headers_ms: number;
  total_ms: number;
  bytes: number;
  worker_rss_before_mb: number;
  worker_rss_peak_mb: number;
}

/** Tables the bench fills, children first (the order they are emptied in). */
const BENCH_TABLES = [
  'route_point_b2b_customers',
  'route_points',
  'routes',
  'b2b_customer_depos',
  'b2b_customers',
  'tenant_memberships',
  'depos',
];

/**
 * 100,000 shops in a tenant of their own. Loaded as a replica session (superuser): row triggers (live-list
 * broadcasts, derived-flag upkeep, audit) would make the load itself take minutes, and they are not what is
 * measured. The derived route flags are then computed once, as the nightly job does.
 */
export async function loadTenant(db: pg.Client, slug: string): Promise<{ tenantId: string; depoIds: number[] }> {
  await db.query(`set session_replication_role = replica`);
  const tenantId = (
    await db.query<{ id: string }>(
      `insert into public.tenants (slug, name, country_code, date_format) values ($1, 'Export bench', 'DK', 'DD-MM-YYYY') returning id`,
      [slug],
    )
  ).rows[0].id;
  const depoIds = (
    await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title) select $1, 'Depo ' || n from generate_series(1, 4) n returning id`,
      [tenantId],
    )
  ).rows.map((r) => Number(r.id));
  await db.query(
    `insert into public.b2b_customers (tenant_id, customer_name, customer_number, shop_id, segmentation, address, zip_code, phone, status)
     select $1, (array['Kiosk', 'Super', 'Café', 'Camping', 'Tank', 'Bageri'])[1 + n % 6] || ' ' || (n % 997), 'B-' || n, 'S' || n,
            (array['A', 'B', 'C'])[1 + n % 3], 'Butiksvej ' || (n % 300) || ', ' || (8000 + n % 900) || ' By', (8000 + n % 900)::text,
            '+45' || (30000000 + n), case when n % 10 = 0 then 'inactive' else 'active' end::public.active_status
     from generate_series(1, $2::int) n`,
    [tenantId, CUSTOMERS],
  );
  await db.query(
    `insert into public.b2b_customer_depos (tenant_id, b2b_customer_id, depo_id)
     select b.tenant_id, b.id, ($2::bigint[])[1 + b.id % 4] from public.b2b_customers b where b.tenant_id = $1`,
    [tenantId, depoIds],
  );
  // 1,400 routes of 50 stops, 70 % of the shops on a stop. Fresh statistics first, or the planner, expecting
  // a handful of rows, joins shops to stops in a nested loop.
  await db.query('analyze public.b2b_customers');
  await db.query(
    `insert into public.routes (tenant_id, depo_id, name) select $1, ($2::bigint[])[1 + n % 4], 'Rute ' || n from generate_series(1, 1400) n`,
    [tenantId, depoIds],
  );
  await db.query(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address)
     select r.tenant_id, r.id, r.depo_id, p, 'Stop ' || p from public.routes r cross join generate_series(1, 50) p where r.tenant_id = $1`,
    [tenantId],
  );
  await db.query('analyze public.route_points');
  await db.query(
    `insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
     select b.tenant_id, rp.id, b.id, rp.depo_id
     from (select b.*, row_number() over (order by b.id) as k from public.b2b_customers b where b.tenant_id = $1) b
     join (select rp.*, row_number() over (order by rp.id) as k from public.route_points rp where rp.tenant_id = $1) rp on rp.k = b.k
     where b.k % 10 < 7`,
    [tenantId],
  );
  const derived = await db.query(`select 1 from pg_proc where proname = 'refresh_all_b2b_customer_route_flags'`);
  if (derived.rowCount) await db.query('select app_private.refresh_all_b2b_customer_route_flags()');
  await db.query(`set session_replication_role = origin`);
  await db.query(
    'analyze public.b2b_customers, public.b2b_customer_depos, public.route_point_b2b_customers, public.route_points',
  );
  return { tenantId, depoIds };
}

export async function dropTenant(db: pg.Client, slug: string): Promise<void> {
  const tenant = await db.query<{ id: string }>('select id from public.tenants where slug = $1', [slug]);
  if (!tenant.rowCount) return;
  // Replica session again: the rows are removed table by table, without per-row triggers.
  await db.query(`set session_replication_role = replica`);
  for (const table of BENCH_TABLES)
    await db.query(`delete from public.${table} where tenant_id = $1`, [tenant.rows[0].id]);
  await db.query('delete from public.tenants where id = $1', [tenant.rows[0].id]);
  await db.query(`set session_replication_role = origin`);
}

export async function benchB2bExport(info: StackInfo) {
  const slug = `zz-bench-export-${Date.now().toString(36)}`;
  const email = `admin@${slug}.test`;
  const password = `pw-${Date.now()}`;
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  await db.connect();
  let userId: string | undefined;
  try {
    const loadStarted = performance.now();
    const { tenantId } = await loadTenant(db, slug);
    const loadMs = performance.now() - loadStarted;

    const admin = {
      apikey: info.serviceRoleKey,
      authorization: `Bearer ${info.serviceRoleKey}`,
      'content-type': 'application/json',
    };
    const created = await fetch(`${info.apiUrl}/auth/v1/admin/users`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    userId = ((await created.json()) as { id: string }).id;
    await db.query(`insert into public.tenant_memberships (tenant_id, user_id, role) values ($1, $2, 'admin')`, [
      tenantId,
      userId,
    ]);
    const signIn = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: info.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };

    const exportOnce = async (filter: Record<string, string>): Promise<ExportRun> => {
      const started = performance.now();
      const response = await fetch(
        `${info.apiUrl}/functions/v1/b2b-customers-export?${new URLSearchParams({ tenant: slug, ...filter })}`,
        {
          headers: { authorization: `Bearer ${token}`, apikey: info.anonKey },
        },
      );
      const headersMs = performance.now() - started;
      if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`);
      const pid = functionWorkerPid('b2b-customers-export', info.apiUrl);
      const before = pid ? rssMb(pid) : Number.NaN;
      let peak = before;
      const sampler = setInterval(() => {
        if (pid) peak = Math.max(peak, rssMb(pid));
      }, 20);
      const chunks: Buffer[] = [];
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
      const totalMs = performance.now() - started;
      clearInterval(sampler);
      const file = Buffer.concat(chunks);
      return {
        filter: new URLSearchParams(filter).toString() || '(none)',
        x_total_rows: Number(response.headers.get('x-total-rows')),
        rows_in_file: readWorkbook(file).rows.length - 1,
        headers_ms: round(headersMs, 0),
        total_ms: round(totalMs, 0),
        bytes: file.length,
        worker_rss_before_mb: round(before, 1),
        worker_rss_peak_mb: round(peak, 1),
      };
    };

    await exportOnce({ status: 'active', search_phrase: 'B-12345' }); // warm: worker started, plans cached
    const runs = [
      await exportOnce({ status: '' }),
      await exportOnce({ status: 'active' }),
      await exportOnce({ status: 'active', tab: 'in_route' }),
      await exportOnce({ status: 'active', search_phrase: 'kiosk' }),
    ];
    for (const run of runs) {
      if (run.rows_in_file !== run.x_total_rows)
        throw new Error(`${run.filter}: ${run.rows_in_file} rows in the file, X-Total-Rows ${run.x_total_rows}`);
    }
    if (runs[0].rows_in_file !== CUSTOMERS)
      throw new Error(`all statuses: ${runs[0].rows_in_file} rows, expected ${CUSTOMERS}`);
    const all = runs[0];
    return {
      name: 'b2b-export',
      description: `B2B customers xlsx export (edge function, streamed, keyset pages of 1000 through PostgREST with RLS), ${CUSTOMERS} customers in one tenant`,
      load_seconds: round(loadMs / 1000, 1),
      runs,
      rows_per_second: Math.round(all.rows_in_file / (all.total_ms / 1000)),
      goal: "100,000 rows without holding them in memory: worker RSS growth well under the file's uncompressed size",
      goal_met: all.worker_rss_peak_mb - all.worker_rss_before_mb < 100,
    };
  } finally {
    await dropTenant(db, slug);
    if (userId) await db.query('delete from auth.users where id = $1', [userId]);
    await db.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchB2bExport(stackInfo()).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
