import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, serviceClient } from '../support/clients.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';
import { stackInfo } from '../support/stack-info.ts';
import { ensureHistoryRows, freshCopy, madeKeys, rememberMade, removeMadeRows } from './fresh-rows.ts';
import { demoMember, ROLES, type AppRole, type DemoMember } from './roles.ts';
import { clientMay, TABLE_RULES, type TableRule } from './rls-expectations.ts';

// The tenant under test and the tenant trying to reach into it.
const HOME = 'hjem-is';
const FOREIGN = 'den-norske-isbilen';

type Row = Record<string, unknown>;

interface CatalogueTable {
  name: string;
  /** Columns a client cannot write (identity, generated, derived columns without an insert grant). */
  readOnlyColumns: string[];
  /** Foreign keys that bind the row to its parent's depo: (tenant_id, depo_id, column) -> parent. */
  depoParents: Array<{ column: string; parent: string }>;
  /** "Done by" columns, which the database must stamp from auth.uid(). */
  doneBy: Array<{ column: string; kind: 'creator' | 'actor' }>;
}

/** When the matrix started: rows that live feeds add after it (GPS fixes) are not the matrix's to count. */
const MATRIX_STARTED_AT = new Date().toISOString();

/** "Done by" columns not named *_by: who wrote a change record. */
const EXTRA_CREATOR_COLUMNS = ['webshop_order_versions.user_id'];

// Read at load time, so every relation and every stamped column gets its own test case.
async function loadCatalogue(): Promise<Map<string, CatalogueTable>> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    // Relations and "done by" columns are read from the schema's shape (not from the guards), so a table
    // that lacks the guard gets a case that fails.
    const { rows } = await db.query<{
      name: string;
      read_only: string[] | null;
      depo_parents: Array<{ column: string; parent: string }> | null;
      done_by: string[] | null;
    }>(
      `
      select c.relname as name,
             (select array_agg(a.attname::text) from pg_attribute a
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                 and (a.attidentity <> '' or a.attgenerated <> '' or not has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT'))) as read_only,
             (select json_agg(json_build_object('column', a.attname, 'parent', p.relname))
                from pg_constraint k
                join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[cardinality(k.conkey)]
                join pg_class p on p.oid = k.confrelid
               where k.conrelid = c.oid and k.contype = 'f' and a.attname not in ('tenant_id', 'depo_id')
                 and exists (select 1 from pg_attribute d where d.attrelid = k.conrelid and d.attname = 'depo_id' and not d.attisdropped)
                 and exists (select 1 from pg_attribute d where d.attrelid = k.confrelid and d.attname = 'depo_id' and not d.attisdropped)) as depo_parents,
             (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.atttypid = 'uuid'::regtype
                 and (a.attname like '%\\_by' or format('%s.%s', c.relname, a.attname) = any ($1))) as done_by
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`,
      [EXTRA_CREATOR_COLUMNS],
    );
    return new Map(
      rows.map((r) => [
        r.name,
        {
          name: r.name,
          readOnlyColumns: r.read_only ?? [],
          depoParents: r.depo_parents ?? [],
          doneBy: (r.done_by ?? []).map((column) => ({
            column,
            kind:
              column === 'created_by' || EXTRA_CREATOR_COLUMNS.includes(`${r.name}.${column}`)
                ? ('creator' as const)
                : ('actor' as const),
          })),
        },
      ]),
    );
  } finally {
    await db.end();
  }
}

const catalogue = await loadCatalogue();
const home = new Map<AppRole, DemoMember>();
const foreign = new Map<AppRole, DemoMember>();
const userIds = new Map<AppRole, string>();
let lock: { release: () => Promise<void> } | undefined;

beforeAll(async () => {
  // The matrix adds rows to hjem-is (and removes them at the end): tests that count its data wait.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  for (const role of ROLES) {
    home.set(role, await demoMember(HOME, role));
    foreign.set(role, await demoMember(FOREIGN, role));
    const { data } = await home.get(role)!.client.auth.getUser();
    userIds.set(role, data.user!.id);
  }
  await ensureHistoryRows(home.get('admin')!.tenantId, home.get('admin')!.depoIds);
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  await removeMadeRows();
  for (const member of [...home.values(), ...foreign.values()]) await member.client.auth.signOut({ scope: 'local' });
  await lock?.release();
});

const homeTenant = () => home.get('admin')!.tenantId;

/** A row of the home tenant that the member's depos cover (any row for tenant tables), preferring one with `filled` set. */
async function sampleRow(table: string, member: DemoMember, filled?: string): Promise<Row> {
  const query = () => {
    let q = serviceClient().from(table).select('*').eq('tenant_id', member.tenantId).limit(1);
    for (const [column, value] of Object.entries(CHANGEABLE_SAMPLE[table] ?? {})) q = q.eq(column, value as string);
    if (open) q = q.in(open.column, open.ids);
    if (TABLE_RULES[table].scope === 'depo') q = q.in('depo_id', member.depoIds);
    return q;
  };
  const open = await openParents(table, member);
  let { data, error } = filled ? await query().not(filled, 'is', null) : await query();
  if (!error && !data?.length && filled) ({ data, error } = await query());
  if (error) throw error;
  if (!data?.length)
    throw new Error(
      `the demo data has no ${table} row for depos ${member.depoIds.join(',')}: the matrix cannot check it`,
    );
  return data[0] as Row;
}

/**
 * What an intruder's update or delete must leave as it was. Other test files add and remove rows of the same
 * tables while the matrix runs (their own customers, routes, SMS worlds; a tenant has fewer than 100 demo
 * customers, so the lowest ids were theirs too), so this is a fixed set of rows that only this file removes: the
 * rows it made in the tenant (each still there). A table it made none in (no client writes it) falls back to
 * its lowest 100 ids, or to the count for link tables without an id.
 */
async function survivors(
  table: string,
  tenantId: string,
  ids?: string[],
): Promise<{ made: number[]; ids: string[]; count: number | null }> {
  const made = await Promise.all(
    madeKeys(table, tenantId).map(async (key) => (await readAsService(table, key)).length),
  );
  if (made.length) return { made, ids: [], count: null };
  const probe = await serviceClient().from(table).select('*').eq('tenant_id', tenantId).limit(1);
  if (probe.error) throw probe.error;
  if (probe.data.length && 'id' in (probe.data[0] as Row)) {
    let query = serviceClient().from(table).select('id').eq('tenant_id', tenantId).order('id').limit(100);
    if (ids) query = query.in('id', ids);
    const { data, error } = await query;
    if (error) throw error;
    const found = (data as Row[]).map((row) => String(row.id));
    return { made, ids: found, count: found.length };
  }
  let counting = serviceClient().from(table).select('*', { count: 'exact', head: true }).eq('tenant_id', tenantId);
  // The GPS sync keeps adding fixes while the matrix runs: only the fixes from before it started are counted.
  if (table === 'car_positions') counting = counting.lt('recorded_at', MATRIX_STARTED_AT);
  const { count, error } = await counting;
  if (error) throw error;
  return { made, ids: [], count };
}

function keyFilter(table: string, row: Row): Record<string, string> {
  // Every tenant table is keyed by tenant_id and id, or (for link tables) by all of its columns.
  if ('id' in row) return { tenant_id: String(row.tenant_id), id: String(row.id) };
  if (table === 'car_positions')
    return { tenant_id: String(row.tenant_id), car_id: String(row.car_id), recorded_at: String(row.recorded_at) };
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)]));
}

async function readAsService(table: string, row: Row): Promise<Row[]> {
  let query = serviceClient().from(table).select('*');
  for (const [column, value] of Object.entries(keyFilter(table, row))) query = query.eq(column, value);
  const { data, error } = await query;
  if (error) throw error;
  return data as Row[];
}

const copyOf = (table: string, row: Row) => freshCopy(table, row, catalogue.get(table)!.readOnlyColumns);

/** Whether any client role adds rows to the table (history a trigger writes, rows of the functions: none). */
const clientInserts = (rule: TableRule) =>
  (rule.writers.length > 0 || (rule.alsoInsert?.length ?? 0) > 0) && clientMay(rule, 'insert');

/** Rows the rules let a writer change, where some rows are closed (approved feedback is read-only). */
const CHANGEABLE_SAMPLE: Record<string, Row> = { feedbacks: { status: 'pending' } };

/** Ids of a few rows of the member's depos that are still open (a pending EOD report and its orders). */
async function openIds(table: string, member: DemoMember, column: string, values: string[]): Promise<number[]> {
  const { data, error } = await serviceClient()
    .from(table)
    .select('id')
    .eq('tenant_id', member.tenantId)
    .in(column, values)
    .in('depo_id', member.depoIds)
    .order('id')
    .limit(20);
  if (error) throw error;
  return (data as Row[]).map((row) => Number(row.id));
}

/** Tables whose rows are changeable only under an open parent: the orders of an approved EOD report are frozen. */
async function openParents(table: string, member: DemoMember): Promise<{ column: string; ids: number[] } | undefined> {
  if (table !== 'eod_orders' && table !== 'eod_order_line_items') return undefined;
  const reports = await openIds('end_of_day_reports', member, 'status', ['pending', 'pending_edited']);
  if (table === 'eod_orders') return { column: 'end_of_day_report_id', ids: reports };
  return {
    column: 'eod_order_id',
    ids: await openIds('eod_orders', member, 'end_of_day_report_id', reports.map(String)),
  };
}

/** The member who writes a table with the narrowest reach: a depo admin or support before an admin. */
function narrowestWriter(rule: TableRule): DemoMember {
  const role =
    (['depo_admin', 'support'] as AppRole[]).find((r) => rule.writers.includes(r)) ?? rule.alsoInsert?.[0] ?? 'admin';
  return home.get(role)!;
}

/** Columns an attack must also set so that only the depo rule can refuse it (a received order has its transfer). */
const ATTACK_EXTRAS: Record<string, Row> = {
  'stock_orders.stock_transfer_id': { status: 'received' },
};

/** A parent row in another depo of the tenant: from the demo data, or made (with its own depo-bound links empty). */
async function parentInAnotherDepo(parent: string, tenantId: string, depoId: number): Promise<Row> {
  const service = serviceClient();
  const { data: found } = await service
    .from(parent)
    .select('*')
    .eq('tenant_id', tenantId)
    .neq('depo_id', depoId)
    .limit(1);
  if (found?.length) return found[0] as Row;
  const { data: any } = await service.from(parent).select('*').eq('tenant_id', tenantId).limit(1).single();
  const otherDepo = home.get('admin')!.depoIds.find((id) => id !== depoId);
  const unlinked = Object.fromEntries(catalogue.get(parent)!.depoParents.map((p) => [p.column, null]));
  const { data: made, error } = await service
    .from(parent)
    .insert({ ...(await copyOf(parent, any as Row)), depo_id: otherDepo, ...unlinked })
    .select()
    .single();
  if (error) throw new Error(`making a ${parent} row in depo ${String(otherDepo)}: ${error.message}`);
  rememberMade(parent, made as Row);
  return made as Row;
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
    for (const row of data as Row[]) {
      expect(row.tenant_id).toBe(member.tenantId);
      if (rule.scope === 'depo') expect(member.depoIds).toContain(Number(row.depo_id));
    }
    if (rule.scope === 'depo' && role !== 'admin') {
      const hidden = await member.client
        .from(table)
        .select('*', { count: 'exact', head: true })
        .not('depo_id', 'in', `(${member.depoIds.join(',')})`);
      expect(hidden.count).toBe(0);
    }
  });

  it.each(ROLES)('lets a %s change its own rows only if the role writes this table', async (role) => {
    const member = home.get(role)!;
    const row = await sampleRow(table, member);
    // A no-op update: it says whether the policy lets the row be touched without changing the demo data.
    let update = member.client.from(table).update({ tenant_id: row.tenant_id }).select();
    for (const [column, value] of Object.entries(keyFilter(table, row))) update = update.eq(column, value);
    const { data, error } = await update;
    if (rule.final) {
      // History: no client role may change or delete it, writers included.
      expect(error?.code).toBe('42501');
      let remove = member.client.from(table).delete().select();
      for (const [column, value] of Object.entries(keyFilter(table, row))) remove = remove.eq(column, value);
      expect((await remove).error?.code).toBe('42501');
      expect(await readAsService(table, row)).toHaveLength(1);
    } else if (!clientMay(rule, 'update')) {
      // No client grant: the app changes these rows through its functions only.
      expect(error?.code).toBe('42501');
    } else if (rule.writers.includes(role)) {
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
    } else {
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    if (!rule.final && !clientMay(rule, 'delete')) {
      let remove = member.client.from(table).delete().select();
      for (const [column, value] of Object.entries(keyFilter(table, row))) remove = remove.eq(column, value);
      expect((await remove).error?.code).toBe('42501');
      expect(await readAsService(table, row)).toHaveLength(1);
    }
  });

  it.each(ROLES)('lets a %s insert a row only if the role writes this table', async (role) => {
    const member = home.get(role)!;
    const copy = await copyOf(table, await sampleRow(table, member));
    const { data, error } = await member.client.from(table).insert(copy).select();
    if ((rule.writers.includes(role) || rule.alsoInsert?.includes(role)) && clientMay(rule, 'insert')) {
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      const added = (data as Row[])[0];
      rememberMade(table, added);
      expect(added.tenant_id).toBe(member.tenantId);
      // The writer sees the row it added, and it is really there.
      let readBack = member.client.from(table).select('*');
      for (const [column, value] of Object.entries(keyFilter(table, added))) readBack = readBack.eq(column, value);
      expect((await readBack).data).toHaveLength(1);
      expect(await readAsService(table, added)).toHaveLength(1);
    } else {
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
  });

  it.each(ROLES)("keeps another tenant's %s out: no read, insert, update or delete", async (role) => {
    const intruder = foreign.get(role)!;
    const target = homeTenant();
    const read = await intruder.client.from(table).select('*').eq('tenant_id', target).limit(5);
    expect(read.data).toEqual([]);

    const copy = await copyOf(table, await sampleRow(table, home.get('admin')!));
    const insert = await intruder.client.from(table).insert(copy);
    expect(insert.error?.code).toBe('42501');

    const before = await survivors(table, target);
    const update = await intruder.client.from(table).update({ tenant_id: target }).eq('tenant_id', target).select();
    expect(update.data ?? []).toEqual([]);
    // Final tables (and tables the app changes through functions only) are not updatable by any client.
    if (!clientMay(rule, 'update')) expect(update.error?.code).toBe('42501');
    else expect(update.error).toBeNull();

    const removed = await intruder.client.from(table).delete().eq('tenant_id', target).select();
    expect(removed.data ?? []).toEqual([]);
    expect(await survivors(table, target, before.ids)).toEqual(before);
  });

  it(`refuses moving a row to another ${rule.scope === 'depo' ? 'depo' : 'tenant'}`, async () => {
    const admin = home.get('admin')!;
    const row = await sampleRow(table, admin);
    const change =
      rule.scope === 'depo'
        ? { depo_id: admin.depoIds.find((id) => id !== Number(row.depo_id)) }
        : { tenant_id: foreign.get('admin')!.tenantId };
    let update = admin.client.from(table).update(change).select();
    for (const [column, value] of Object.entries(keyFilter(table, row))) update = update.eq(column, value);
    const { data, error } = await update;
    expect(data).toBeNull();
    expect(error?.code).toBe(clientMay(rule, 'update') ? '23514' : '42501');
    if (clientMay(rule, 'update'))
      expect(error?.message).toMatch(/(tenant_id|depo_id) cannot be changed after the row is created/);
    const [after] = await readAsService(table, row);
    expect([after.tenant_id, after.depo_id]).toEqual([row.tenant_id, row.depo_id]);
  });

  const depoParents = catalogue.get(table)?.depoParents ?? [];
  if (depoParents.length > 0)
    it.each(depoParents)(
      'refuses a child whose $column is a row of another depo ($parent)',
      async ({ column, parent }) => {
        const writer = narrowestWriter(rule);
        if (!clientInserts(rule)) {
          // Written by the database only (a trigger's history): no client adds a row, under any parent.
          const copy = await copyOf(table, await sampleRow(table, writer, column));
          expect((await writer.client.from(table).insert(copy).select()).error?.code).toBe('42501');
          return;
        }
        // The writer's own child, under a parent of its depo: allowed.
        const sample = await sampleRow(table, writer, column);
        const { data: made, error } = await writer.client
          .from(table)
          .insert(await copyOf(table, sample))
          .select()
          .single();
        expect(error).toBeNull();
        const own = made as Row;
        rememberMade(table, own);
        const otherDepoParent = (await parentInAnotherDepo(parent, writer.tenantId, Number(own.depo_id))).id;
        const attack = { [column]: otherDepoParent, ...ATTACK_EXTRAS[`${table}.${column}`] };

        const insert = await writer.client
          .from(table)
          .insert({ ...(await copyOf(table, own)), ...attack })
          .select();
        expect(insert.data).toBeNull();
        expect(insert.error?.code).toBe('23503');

        let update = writer.client.from(table).update(attack).select();
        for (const [key, value] of Object.entries(keyFilter(table, own))) update = update.eq(key, value);
        const updated = await update;
        if (!clientMay(rule, 'update') || (rule.clientChanges && !rule.clientChanges.includes(column))) {
          expect(updated.error?.code).toBe('42501');
        } else if (rule.writers.includes(writer.role)) {
          expect(updated.data).toBeNull();
          expect(updated.error?.code).toBe('23503');
        } else {
          expect(updated.data).toEqual([]); // adds rows only (a driver's GPS fixes)
        }
        expect((await readAsService(table, own))[0]?.[column]).toBe(own[column]);
      },
    );

  const doneBy = catalogue.get(table)?.doneBy ?? [];
  if (doneBy.length > 0)
    it.each(doneBy)("keeps $column ($kind) the database's, whatever the client sends", async ({ column, kind }) => {
      const writer = narrowestWriter(rule);
      const me = userIds.get(writer.role)!;
      const someoneElse = userIds.get(writer.role === 'admin' ? 'depo_admin' : 'admin')!;
      const copy = await copyOf(table, await sampleRow(table, writer));
      let target: Row;
      if (!clientInserts(rule)) {
        // Only the database adds rows (and stamps who did it): a client cannot even forge a row.
        expect(
          (
            await writer.client
              .from(table)
              .insert({ ...copy, [column]: someoneElse })
              .select()
          ).error?.code,
        ).toBe('42501');
        if (!clientMay(rule, 'update')) return;
        target = await sampleRow(table, writer, column);
      } else {
        const { data, error } = await writer.client
          .from(table)
          .insert({ ...copy, [column]: someoneElse })
          .select();
        expect(error).toBeNull();
        target = (data as Row[])[0];
        rememberMade(table, target);
        // A creator column is the writer; an actor column names an action no client write does.
        expect(target[column]).toBe(kind === 'creator' ? me : null);
      }
      if (!clientMay(rule, 'update')) return; // not updatable at all (checked above)
      let forge = writer.client
        .from(table)
        .update({ [column]: someoneElse })
        .select();
      for (const [key, value] of Object.entries(keyFilter(table, target))) forge = forge.eq(key, value);
      const forged = await forge;
      if (kind === 'creator') {
        expect(forged.error).toBeNull();
      } else {
        expect(forged.error?.code).toBe('42501');
        if (target[column] !== null) {
          // Nor erased.
          let erase = writer.client
            .from(table)
            .update({ [column]: null })
            .select();
          for (const [key, value] of Object.entries(keyFilter(table, target))) erase = erase.eq(key, value);
          expect((await erase).error?.code).toBe('42501');
        }
      }
      expect((await readAsService(table, target))[0][column]).toBe(target[column]);
    });
});

describe('a started plan event', () => {
  it('stays started for clients, so it cannot be deleted', async () => {
    const depoAdmin = home.get('depo_admin')!;
    const copy = await copyOf('plan_events', await sampleRow('plan_events', depoAdmin));
    const { data: made, error } = await serviceClient()
      .from('plan_events')
      .insert({ ...copy, started_at: new Date().toISOString() })
      .select()
      .single();
    if (error) throw error;
    rememberMade('plan_events', made as Row);

    const cleared = await depoAdmin.client.from('plan_events').update({ started_at: null }).eq('id', made!.id).select();
    expect(cleared.error?.code).toBe('23514');
    expect(cleared.error?.message).toBe('The plan event has already started: its start cannot be changed or undone');
    const removed = await depoAdmin.client.from('plan_events').delete().eq('id', made!.id).select();
    expect(removed.error?.message).toBe("You can't destory because, plan event has already started");
    const [after] = await readAsService('plan_events', made as Row);
    expect(after.started_at).toBe(made!.started_at);
  });
});
