import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, serviceClient } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { demoMember, ROLES, type AppRole, type DemoMember } from './roles.ts';
import { TABLE_RULES } from './rls-expectations.ts';

// The tenant under test and the tenant trying to reach into it.
const HOME = 'hjem-is';
const FOREIGN = 'den-norske-isbilen';

interface CatalogueTable {
  name: string;
  rls: boolean;
  hasTenant: boolean;
  hasDepo: boolean;
  /** Columns that cannot be written (identity, generated). */
  readOnlyColumns: string[];
}

let catalogue: CatalogueTable[] = [];
const home = new Map<AppRole, DemoMember>();
const foreign = new Map<AppRole, DemoMember>();

beforeAll(async () => {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  const { rows } = await db.query<{ name: string; rls: boolean; columns: string[]; read_only: string[] | null }>(`
    select c.relname as name, c.relrowsecurity as rls,
           array_agg(a.attname::text order by a.attnum) as columns,
           array_agg(a.attname::text) filter (where a.attidentity <> '' or a.attgenerated <> '') as read_only
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p')
    group by c.relname, c.relrowsecurity`);
  await db.end();
  catalogue = rows.map((r) => ({
    name: r.name,
    rls: r.rls,
    hasTenant: r.columns.includes('tenant_id'),
    hasDepo: r.columns.includes('depo_id'),
    readOnlyColumns: r.read_only ?? [],
  }));
  for (const role of ROLES) {
    home.set(role, await demoMember(HOME, role));
    foreign.set(role, await demoMember(FOREIGN, role));
  }
}, 60_000);

afterAll(async () => {
  for (const member of [...home.values(), ...foreign.values()]) await member.client.auth.signOut({ scope: 'local' });
});

const homeTenant = () => home.get('admin')!.tenantId;

/** A row of the home tenant that the member's depos cover (any row for tenant tables). */
async function sampleRow(table: string, member: DemoMember): Promise<Record<string, unknown>> {
  let query = serviceClient().from(table).select('*').eq('tenant_id', member.tenantId).limit(1);
  if (TABLE_RULES[table].scope === 'depo') query = query.in('depo_id', member.depoIds);
  const { data, error } = await query;
  if (error) throw error;
  if (!data?.length) throw new Error(`the demo data has no ${table} row for depos ${member.depoIds.join(',')}: the matrix cannot check it`);
  return data[0] as Record<string, unknown>;
}

function keyFilter(row: Record<string, unknown>): Record<string, string> {
  // Every tenant table is keyed by tenant_id and id, or (for link tables) by all of its columns.
  if ('id' in row) return { tenant_id: String(row.tenant_id), id: String(row.id) };
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)]));
}

describe.each(Object.entries(TABLE_RULES))('%s', (table, rule) => {
  it('gives anon nothing', async () => {
    const { data, error } = await client().from(table).select('*').limit(1);
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });

  it.each(ROLES)('lets a %s read only rows of its own tenant and depos', async (role) => {
    const member = home.get(role)!;
    const { data, error } = await member.client.from(table).select('*').limit(1000);
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    for (const row of data as Array<Record<string, unknown>>) {
      expect(row.tenant_id).toBe(member.tenantId);
      if (rule.scope === 'depo') expect(member.depoIds).toContain(Number(row.depo_id));
    }
    if (rule.scope === 'depo' && role !== 'admin') {
      const hidden = await member.client.from(table).select('*', { count: 'exact', head: true }).not('depo_id', 'in', `(${member.depoIds.join(',')})`);
      expect(hidden.count).toBe(0);
    }
  });

  it.each(ROLES)('lets a %s change its own rows only if the role writes this table', async (role) => {
    const member = home.get(role)!;
    const row = await sampleRow(table, member);
    // A no-op update: it says whether the policy lets the row be touched without changing the demo data.
    let update = member.client.from(table).update({ tenant_id: row.tenant_id }).select();
    for (const [column, value] of Object.entries(keyFilter(row))) update = update.eq(column, value);
    const { data, error } = await update;
    if (rule.immutable && rule.writers.includes(role)) {
      expect(error?.code).toBe('23514');
    } else if (rule.writers.includes(role)) {
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
    } else {
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });

  it.each(ROLES)('refuses a %s that does not write this table an insert', async (role) => {
    if (rule.writers.includes(role) || rule.alsoInsert?.includes(role)) return;
    const member = home.get(role)!;
    const row = await sampleRow(table, member);
    const table_ = catalogue.find((t) => t.name === table)!;
    const copy = Object.fromEntries(Object.entries(row).filter(([k]) => !table_.readOnlyColumns.includes(k)));
    const { error } = await member.client.from(table).insert(copy);
    expect(error?.code).toBe('42501');
  });

  it.each(ROLES)('keeps another tenant\'s %s out: no read, insert, update or delete', async (role) => {
    const intruder = foreign.get(role)!;
    const target = homeTenant();
    const read = await intruder.client.from(table).select('*').eq('tenant_id', target).limit(5);
    expect(read.data).toEqual([]);

    const row = await sampleRow(table, home.get('admin')!);
    const table_ = catalogue.find((t) => t.name === table)!;
    const copy = Object.fromEntries(Object.entries(row).filter(([k]) => !table_.readOnlyColumns.includes(k)));
    const insert = await intruder.client.from(table).insert(copy);
    expect(insert.error?.code).toBe('42501');

    const update = await intruder.client.from(table).update({ tenant_id: target }).eq('tenant_id', target).select();
    expect(update.data ?? []).toEqual([]);
    if (update.error) expect(update.error.code).toBe('23514'); // the immutable table refuses before RLS filters

    const before = await serviceClient().from(table).select('*', { count: 'exact', head: true }).eq('tenant_id', target);
    const removed = await intruder.client.from(table).delete().eq('tenant_id', target).select();
    expect(removed.data ?? []).toEqual([]);
    const after = await serviceClient().from(table).select('*', { count: 'exact', head: true }).eq('tenant_id', target);
    expect(after.count).toBe(before.count);
  });
});
