import type pg from 'pg';

/**
 * Row count and the sum of the rows' xmin, per table and tenant: any committed insert, update or delete changes one
 * of them (an updated row is a new version with a newer xmin), and it costs far less than hashing each row's text,
 * so it can be taken after every fuzzed endpoint.
 */
export type RowSnapshot = Map<string, string>;

const SCHEMAS = ['public', 'app_private'];

let cachedQuery: string | undefined;

async function snapshotQuery(db: pg.Client): Promise<string> {
  if (cachedQuery) return cachedQuery;
  const { rows } = await db.query<{ schema: string; name: string; tenant: boolean }>(
    `select n.nspname as schema, c.relname as name,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition order by 1, 2`,
    [SCHEMAS],
  );
  cachedQuery = rows
    .map((table) => {
      const relation = `${quote(table.schema)}.${quote(table.name)}`;
      const tenant = table.tenant ? 'x.tenant_id::text' : 'null::text';
      return `select '${table.schema}.${table.name}' as t, ${tenant} as tenant, count(*)::text || ':' || coalesce(sum(x.xmin::text::bigint), 0)::text as h
              from ${relation} x ${table.tenant ? 'group by x.tenant_id' : ''}`;
    })
    .join(' union all ');
  return cachedQuery;
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function takeSnapshot(db: pg.Client): Promise<RowSnapshot> {
  const { rows } = await db.query<{ t: string; tenant: string | null; h: string }>(await snapshotQuery(db));
  return new Map(rows.map((row) => [`${row.t} tenant=${row.tenant ?? '-'}`, row.h]));
}

/** The table/tenant keys whose rows differ between two snapshots. */
export function changedTables(before: RowSnapshot, after: RowSnapshot): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

/** Stops every cron job of the stack (their work would change rows under the snapshots); returns the resume. */
export async function pauseAllCronJobs(db: pg.Client): Promise<() => Promise<void>> {
  const { rows } = await db.query<{ jobid: string }>('update cron.job set active = false where active returning jobid');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const running = await db.query(
      `select 1 from cron.job_run_details where status in ('starting', 'running') and start_time > now() - interval '10 minutes'`,
    );
    if (running.rows.length === 0) break;
    if (Date.now() > deadline) throw new Error('cron jobs did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A job's pg_net calls (an estimates refresh, a dispatch) outlive the job and write rows when their function runs:
  // wait until each request made so far has its response. A request id a rolled-back job took never gets one, so
  // the wait is capped.
  const netDeadline = Date.now() + 20_000;
  while (Date.now() < netDeadline) {
    const {
      rows: [net],
    } = await db.query<{ pending: string }>(
      `select (select count(*) from net.http_request_queue)
            + (select count(*) from generate_series(greatest(s.last_value - 20, 1), s.last_value) id
                where s.is_called and not exists (select 1 from net._http_response r where r.id = id.id)) as pending
         from net.http_request_queue_id_seq s`,
    );
    if (Number(net?.pending ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    await db.query('update cron.job set active = true where jobid = any($1::bigint[])', [rows.map((row) => row.jobid)]);
  };
}
