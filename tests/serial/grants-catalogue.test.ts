import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';

// What the API roles may do to each relation of the API schema, compared with a reviewed list: a grant that a
// generator or a migration adds (or takes away) is a visible decision in grants-expected.json. The list follows
// the app's write paths (supabase/migrations/20261202300000_grants_follow_write_paths.sql says which).
// Runs alone, after the other suites: a throwaway table of a test running at the same time must not be in sight.
// After a reviewed change of the grants, write the list again:
//   GRANTS_WRITE=1 STACK_INFO_FILE=.local/stack-<port>.json npx vitest run --project serial tests/serial/grants-catalogue.test.ts

const EXPECTED_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'grants-expected.json');

/** "Done by" columns not named *_by: who wrote a change record (as in the RLS matrix). */
const EXTRA_CREATOR_COLUMNS = ['webshop_order_versions.user_id'];

let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
});

afterAll(async () => {
  await db.end();
});

/**
 * One line per grant: `<role> <privilege> <relation>` for a relation-wide grant, `<role> <privilege>
 * <relation>(<column>, ...)` for column grants the role holds without the relation-wide one.
 */
async function grantedNow(): Promise<string[]> {
  const { rows } = await db.query<{ line: string }>(`
    with roles(name) as (values ('anon'), ('authenticated')),
    relations as (
      select c.oid, c.relname, c.relacl from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
    ),
    whole as (
      select r.name as role, lower(a.privilege_type) as privilege, t.relname
      from relations t, aclexplode(t.relacl) a join roles r on a.grantee = r.name::regrole
    ),
    columns as (
      select r.name as role, lower(a.privilege_type) as privilege, t.relname,
             string_agg(att.attname::text, ', ' order by att.attnum) as cols
      from relations t
      join pg_attribute att on att.attrelid = t.oid and att.attnum > 0 and not att.attisdropped
      cross join lateral aclexplode(att.attacl) a
      join roles r on a.grantee = r.name::regrole
      where not exists (select from whole w where w.role = r.name and w.privilege = lower(a.privilege_type) and w.relname = t.relname)
      group by 1, 2, 3
    )
    select format('%s %s %s', role, privilege, relname) as line from whole
    union all
    select format('%s %s %s(%s)', role, privilege, relname, cols) from columns
    order by 1`);
  return rows.map((r) => r.line);
}

describe('the grants of the API roles', () => {
  it('are the reviewed list, so every new grant is a decision', async () => {
    const now = await grantedNow();
    if (process.env.GRANTS_WRITE === '1') writeFileSync(EXPECTED_FILE, `${JSON.stringify(now, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(EXPECTED_FILE, 'utf8')) as string[];
    expect(now).toEqual(expected);
  });

  it('give anon no relation at all (the public pages go through functions)', async () => {
    expect((await grantedNow()).filter((line) => line.startsWith('anon '))).toEqual([]);
  });

  it('guard every "done by" column with the trigger that keeps it the database\'s', async () => {
    // Read from the schema's shape (uuid columns named *_by, and the named creator columns), not from the
    // trigger, so a table whose *_by column the trigger does not name fails here.
    const { rows } = await db.query<{ relation: string; column_name: string; guarded: boolean }>(
      `
      select c.relname as relation, a.attname as column_name,
             exists (
               select from pg_trigger t
               where t.tgrelid = c.oid and t.tgname = 'done_by_from_auth_uid' and t.tgenabled <> 'D'
                 and t.tgfoid = 'app_private.stamp_done_by()'::regprocedure
                 and (encode(t.tgargs, 'escape') like '%actor:' || a.attname || '\\\\000%'
                      or encode(t.tgargs, 'escape') like '%creator:' || a.attname || '\\\\000%')
             ) as guarded
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.atttypid = 'uuid'::regtype
        and (a.attname like '%\\_by' or format('%s.%s', c.relname, a.attname) = any ($1))
      order by 1, 2`,
      [EXTRA_CREATOR_COLUMNS],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.guarded).map((r) => `${r.relation}.${r.column_name}`)).toEqual([]);
  });
});
