import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';
import { SPECIAL_TABLES, TABLE_RULES } from '../db/rls-expectations.ts';

// Runs alone, after the other suites: it reads the whole catalogue, so a throwaway table of a test running
// at the same time must not be in sight, and a test that left one behind fails here.

interface CatalogueTable {
  name: string;
  rls: boolean;
  columns: string[];
}

let catalogue: CatalogueTable[] = [];

beforeAll(async () => {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  const { rows } = await db.query<CatalogueTable>(`
    select c.relname as name, c.relrowsecurity as rls, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p')
    group by c.relname, c.relrowsecurity`);
  await db.end();
  catalogue = rows;
});

describe('the catalogue', () => {
  it('has row-level security on every table in the API schema', () => {
    expect(catalogue.filter((t) => !t.rls).map((t) => t.name)).toEqual([]);
  });

  it('has an expectation in the RLS matrix for every table, so a new table cannot slip through', () => {
    const known = new Set([...Object.keys(TABLE_RULES), ...SPECIAL_TABLES]);
    expect(catalogue.map((t) => t.name).filter((name) => !known.has(name))).toEqual([]);
    expect([...known].filter((name) => !catalogue.some((t) => t.name === name))).toEqual([]);
  });

  it('carries tenant_id on every tenant table and depo_id on every depo table', () => {
    for (const [name, rule] of Object.entries(TABLE_RULES)) {
      const table = catalogue.find((t) => t.name === name)!;
      expect(table.columns, name).toContain('tenant_id');
      if (rule.scope === 'depo') expect(table.columns, name).toContain('depo_id');
    }
  });
});
