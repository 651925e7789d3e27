import type pg from 'pg';

export interface ColumnInfo {
  name: string;
  /** pg_type.typname, e.g. int4 or _text: what the client's type conversion expects. */
  type: string;
  /** format_type(): usable in a cast. */
  sqlType: string;
}

export interface TableInfo {
  /** `"schema"."table"`, quoted for SQL. */
  qualified: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  rlsEnabled: boolean;
  /** REPLICA IDENTITY FULL: old records carry every column, not only the primary key. */
  replicaIdentityFull: boolean;
}

/** Catalog facts change only with DDL; a few seconds of caching keeps per-change work off the database. */
const TTL_MS = 5_000;

interface Cached<T> {
  expires: number;
  value: Promise<T>;
}

export class TableCatalog {
  private readonly tables = new Map<string, Cached<TableInfo | null>>();
  private readonly grants = new Map<string, Cached<Set<string> | null>>();

  constructor(private readonly pool: pg.Pool) {}

  table(schema: string, table: string): Promise<TableInfo | null> {
    return this.cached(this.tables, `${schema}\u0000${table}`, () => this.loadTable(schema, table));
  }

  /** Columns `role` may SELECT; null when the role does not exist. */
  selectableColumns(role: string, schema: string, table: string): Promise<Set<string> | null> {
    return this.cached(this.grants, `${role}\u0000${schema}\u0000${table}`, () => this.loadGrants(role, schema, table));
  }

  private cached<T>(cache: Map<string, Cached<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    cache.set(key, { expires: now + TTL_MS, value });
    // A failed lookup is not remembered.
    value.catch(() => cache.delete(key));
    return value;
  }

  private async loadTable(schema: string, table: string): Promise<TableInfo | null> {
    const { rows } = await this.pool.query<{
      name: string;
      type: string;
      sql_type: string;
      is_pk: boolean;
      rls: boolean;
      identity: string;
      qualified: string;
    }>(
      `select a.attname as name, t.typname as type, format_type(a.atttypid, a.atttypmod) as sql_type,
              coalesce(a.attnum = any(i.indkey), false) as is_pk,
              c.relrowsecurity as rls, c.relreplident::text as identity,
              format('%I.%I', n.nspname, c.relname) as qualified
         from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         join pg_catalog.pg_type t on t.oid = a.atttypid
         left join pg_catalog.pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = $1 and c.relname = $2
        order by a.attnum`,
      [schema, table],
    );
    const first = rows[0];
    if (!first) return null;
    return {
      qualified: first.qualified,
      columns: rows.map((row) => ({ name: row.name, type: row.type, sqlType: row.sql_type })),
      primaryKey: rows.filter((row) => row.is_pk).map((row) => row.name),
      rlsEnabled: first.rls,
      replicaIdentityFull: first.identity === 'f',
    };
  }

  private async loadGrants(role: string, schema: string, table: string): Promise<Set<string> | null> {
    const { rows } = await this.pool.query<{ name: string | null }>(
      `select a.attname as name
         from (select to_regrole($1) as role) r
         left join pg_catalog.pg_attribute a
           on r.role is not null
          and a.attrelid = format('%I.%I', $2::text, $3::text)::regclass
          and a.attnum > 0 and not a.attisdropped
          and pg_catalog.has_column_privilege(r.role, a.attrelid, a.attnum, 'SELECT')`,
      [role, schema, table],
    );
    if (rows.length === 0) return null;
    const names = rows.map((row) => row.name).filter((name): name is string => name !== null);
    // A lone null row means the role is missing, or has no column it may read.
    if (names.length === 0) {
      const exists = await this.pool.query('select to_regrole($1) is not null as found', [role]);
      return (exists.rows[0] as { found: boolean } | undefined)?.found ? new Set() : null;
    }
    return new Set(names);
  }
}
