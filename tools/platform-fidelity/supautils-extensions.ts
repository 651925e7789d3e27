import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { SupabasePostgresSource } from './supabase-postgres-source.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, '..', '..', 'supabase', 'migrations');

export interface PrivilegedExtension {
  name: string;
  schema: string;
  migration: string;
}

/**
 * On Supabase, supautils lets `postgres` create the extensions listed in `supautils.privileged_extensions`
 * (the image's supautils.conf) by running the CREATE EXTENSION as supabase_admin. The local build has no
 * supautils, so an untrusted one (earthdistance) is refused to postgres. Stand-in: create, as supabase_admin,
 * exactly the untrusted privileged extensions our migrations ask for, in the schema they name; the
 * migrations' `create extension if not exists` then finds them. Anything else stays refused.
 */
export async function preparePrivilegedExtensions(
  source: SupabasePostgresSource,
  adminDbUrl: string,
): Promise<PrivilegedExtension[]> {
  const conf = source.read('ansible/files/postgresql_config/supautils.conf.j2');
  const listed = /^supautils\.privileged_extensions\s*=\s*'([^']*)'/m.exec(conf)?.[1];
  if (!listed) throw new Error('supautils.conf.j2 has no supautils.privileged_extensions line');
  const privileged = new Set(listed.split(',').map((s) => s.trim()));
  const wanted: PrivilegedExtension[] = [];
  for (const migration of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(path.join(MIGRATIONS_DIR, migration), 'utf8');
    for (const m of sql.matchAll(/create\s+extension\s+if\s+not\s+exists\s+"?([\w-]+)"?\s+with\s+schema\s+(\w+)/gi)) {
      if (!wanted.some((w) => w.name === m[1])) wanted.push({ name: m[1]!, schema: m[2]!, migration });
    }
  }
  const client = new pg.Client({ connectionString: adminDbUrl });
  await client.connect();
  const created: PrivilegedExtension[] = [];
  try {
    for (const extension of wanted) {
      const { rows } = await client.query<{ trusted: boolean }>(
        'select bool_or(trusted) as trusted from pg_available_extension_versions where name = $1',
        [extension.name],
      );
      if (rows[0]?.trusted !== false || !privileged.has(extension.name)) continue;
      // Its dependencies first (earthdistance needs cube), as CASCADE would.
      await client.query(
        `create extension if not exists ${quoteIdent(extension.name)} with schema ${quoteIdent(extension.schema)} cascade`,
      );
      created.push(extension);
    }
  } finally {
    await client.end();
  }
  return created;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
