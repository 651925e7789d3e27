import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';

// Rules that hold by construction for every table of the API schema, present and future (issue 7 §3, §4):
// a table made without the generators, or a relation added by hand, fails here.

let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
});

afterAll(async () => {
  await db.end();
});

const hasColumn = (table: string, column: string) =>
  `exists (select 1 from pg_attribute a where a.attrelid = ${table} and a.attname = '${column}' and not a.attisdropped)`;

describe('the schema', () => {
  it("binds every child of a depo table to its parent's depo: the foreign key carries depo_id on both sides", async () => {
    const { rows } = await db.query<{ fk: string }>(`
      select format('%s -> %s: %s', k.conrelid::regclass, k.confrelid::regclass, pg_get_constraintdef(k.oid)) as fk
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid and c.relnamespace = 'public'::regnamespace
      where k.contype = 'f' and ${hasColumn('k.conrelid', 'depo_id')} and ${hasColumn('k.confrelid', 'depo_id')}
        and not exists (
          select 1 from unnest(k.conkey, k.confkey) as p(child_col, parent_col)
          join pg_attribute ca on ca.attrelid = k.conrelid and ca.attnum = p.child_col and ca.attname = 'depo_id'
          join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = p.parent_col and pa.attname = 'depo_id')
      order by 1`);
    expect(rows.map((r) => r.fk)).toEqual([]);
  });

  it('fixes tenant_id and depo_id of every tenant table after insert', async () => {
    const { rows } = await db.query<{ name: string }>(`
      select c.relname as name
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and ${hasColumn('c.oid', 'tenant_id')}
        and not exists (
          select 1 from pg_trigger t
          where t.tgrelid = c.oid and t.tgname = 'keys_are_fixed' and t.tgenabled <> 'D'
            and t.tgfoid = 'app_private.keep_keys_fixed'::regproc
            and encode(t.tgargs, 'escape') = case when ${hasColumn('c.oid', 'depo_id')} then 'tenant_id\\000depo_id\\000' else 'tenant_id\\000' end)
      order by 1`);
    expect(rows.map((r) => r.name)).toEqual([]);
  });

  it('stamps every "done by" column (a uuid named *_by) from auth.uid()', async () => {
    const { rows } = await db.query<{ col: string }>(`
      select format('%s.%s', c.relname, a.attname) as col
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        and a.atttypid = 'uuid'::regtype and a.attname like '%\\_by'
        and not exists (
          select 1 from pg_trigger t
          where t.tgrelid = c.oid and t.tgname = 'done_by_from_auth_uid' and t.tgenabled <> 'D'
            and position(a.attname || '\\000' in encode(t.tgargs, 'escape')) > 0)
      order by 1`);
    expect(rows.map((r) => r.col)).toEqual([]);
  });

  it('lets no client role change or delete stock transfers or their lines', async () => {
    const { rows } = await db.query<{ grant: string }>(`
      select format('%s %s %s', g.grantee, g.privilege_type, g.table_name) as grant
      from information_schema.role_table_grants g
      where g.table_schema = 'public' and g.table_name in ('stock_transfers', 'stock_transfer_line_items')
        and g.grantee in ('anon', 'authenticated') and g.privilege_type in ('UPDATE', 'DELETE', 'TRUNCATE')
      order by 1`);
    expect(rows.map((r) => r.grant)).toEqual([]);
  });
});
