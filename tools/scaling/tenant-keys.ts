/**
 * `npx tsx tools/scaling/tenant-keys.ts` (STACK_INFO_FILE=<stack.json> or DATABASE_URL): for every table of
 * schemas public and app_private, whether it is ready to be distributed by tenant_id (Citus): a tenant_id
 * column, a primary key that includes it, no unique constraint and no foreign key without it. Writes
 * bench/results/scaling-tenant-keys.json and prints the tables that are not ready, with the reason.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';

interface TableKeys {
  table: string;
  has_tenant_id: boolean;
  partitioned: boolean;
  pk: string | null;
  unique_without_tenant: string[];
  fk_without_tenant: string[];
  rows_estimate: number;
  total_bytes: number;
}

const SQL = `
with t as (
  select c.oid, format('%s.%s', n.nspname, c.relname) as tbl, c.relkind = 'p' as partitioned,
         exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant_id,
         greatest(c.reltuples, 0)::bigint as rows_estimate
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('public', 'app_private') and c.relkind in ('r', 'p') and not c.relispartition
)
select t.tbl as table, t.has_tenant_id, t.partitioned, t.rows_estimate::float8 as rows_estimate,
  (select coalesce(sum(pg_total_relation_size(x.relid)), 0) from pg_partition_tree(t.oid) x)::float8 as total_bytes,
  (select pg_get_constraintdef(k.oid) from pg_constraint k where k.conrelid = t.oid and k.contype = 'p') as pk,
  coalesce((select array_agg(pg_get_constraintdef(k.oid) order by k.conname) from pg_constraint k
    where k.conrelid = t.oid and k.contype = 'u'
      and not exists (select from unnest(k.conkey) a join pg_attribute att on att.attrelid = t.oid and att.attnum = a where att.attname = 'tenant_id')), '{}') as unique_without_tenant,
  coalesce((select array_agg(pg_get_constraintdef(k.oid) order by k.conname) from pg_constraint k
    where k.conrelid = t.oid and k.contype = 'f'
      and not exists (select from unnest(k.conkey) a join pg_attribute att on att.attrelid = t.oid and att.attnum = a where att.attname = 'tenant_id')), '{}') as fk_without_tenant
from t order by t.tbl`;

function dbUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const file = process.env.STACK_INFO_FILE ?? path.join(ROOT_DIR, '.local', 'stack.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { adminDbUrl: string }).adminDbUrl;
}

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  let tables: TableKeys[];
  try {
    tables = (await client.query<TableKeys>(SQL)).rows;
  } finally {
    await client.end();
  }
  const pkHasTenant = (t: TableKeys) => t.pk !== null && /\btenant_id\b/.test(t.pk);
  // Every foreign key without tenant_id here points at a global table (auth.users, tenants): Citus allows
  // that once the global table is a reference table (copied to every node), so it does not block.
  const blockingFks = (t: TableKeys) =>
    t.fk_without_tenant.filter((f) => !/REFERENCES (auth\.)?(users|tenants)\(/.test(f));
  const ready = tables.filter(
    (t) => t.has_tenant_id && pkHasTenant(t) && !t.unique_without_tenant.length && !blockingFks(t).length,
  );
  const notReady = tables.filter((t) => !ready.includes(t));
  const reason = (t: TableKeys) =>
    [
      !t.has_tenant_id && 'no tenant_id (reference table or global)',
      t.has_tenant_id && !pkHasTenant(t) && `primary key without tenant_id: ${t.pk ?? 'none'}`,
      ...t.unique_without_tenant.map((u) => `unique without tenant_id: ${u}`),
      ...blockingFks(t).map((f) => `foreign key without tenant_id: ${f}`),
    ].filter(Boolean);
  const result = {
    name: 'scaling-tenant-keys',
    description:
      'Tables of public and app_private checked for distribution by tenant_id (Citus rules: the distribution column in every primary key, unique constraint and foreign key between distributed tables)',
    tables: tables.length,
    ready: ready.map((t) => t.table),
    not_ready: notReady.map((t) => ({
      table: t.table,
      reasons: reason(t),
      rows_estimate: t.rows_estimate,
      total_bytes: t.total_bytes,
    })),
    measured_at: new Date().toISOString(),
  };
  writeFileSync(
    path.join(ROOT_DIR, 'bench', 'results', 'scaling-tenant-keys.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(`${ready.length} of ${tables.length} tables ready to distribute by tenant_id; not ready:`);
  for (const t of result.not_ready) console.log(`- ${t.table}: ${t.reasons.join('; ')}`);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
