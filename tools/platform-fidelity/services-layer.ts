import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const PLATFORM_DIR = path.join(import.meta.dirname, '..', '..', 'supabase', 'stack', 'platform');

/**
 * Our bootstrap files, by what stands in for them on a cluster made by the image's SQL:
 * - `image`: replaced by the image's own SQL (roles, schemas, grants, pg_stat_statements): not run;
 * - `service`: what a platform service or a missing extension adds on top of the image, run from our file:
 *   the Auth server's migrations (20), the Realtime server's migrations (30), pg_cron/pg_net/supabase_vault,
 *   which the local build lacks (40), and supautils' privileged-role rules, which it lacks too (50).
 */
export const BOOTSTRAP_ROLE: Record<string, 'image' | 'service'> = {
  '00-roles.sql': 'image',
  '10-schemas.sql': 'image',
  '20-auth.sql': 'service',
  '30-realtime.sql': 'service',
  '40-cron-net-vault.sql': 'service',
  '50-postgres-role-rights.sql': 'service',
  '60-pg-stat-statements.sql': 'image',
};

/**
 * Adds the services' part and records every bootstrap file as applied, so the stack started on this cluster
 * runs none of them again. The image's auth tables are GoTrue's first schema (2018): the Auth server's own
 * migrations reshape them when it starts; our 20-auth.sql is that end state, so the old, empty tables go first
 * (with the storage foreign keys that point at them; Storage's server recreates its schema the same way).
 */
export async function applyServicesLayer(adminDbUrl: string): Promise<{ applied: string[]; replaced: string[] }> {
  const files = readdirSync(PLATFORM_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const unknown = files.filter((f) => !(f in BOOTSTRAP_ROLE));
  if (unknown.length)
    throw new Error(
      `bootstrap files without a place in the platform run: ${unknown.join(', ')} (add them to BOOTSTRAP_ROLE)`,
    );
  const client = new pg.Client({ connectionString: adminDbUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query(
      `drop table if exists auth.users, auth.refresh_tokens, auth.instances, auth.audit_log_entries, auth.schema_migrations cascade`,
    );
    for (const file of files.filter((f) => BOOTSTRAP_ROLE[f] === 'service')) {
      try {
        await client.query(readFileSync(path.join(PLATFORM_DIR, file), 'utf8'));
      } catch (error) {
        throw new Error(`services layer ${file} failed on the image's cluster: ${(error as Error).message}`);
      }
      applied.push(file);
    }
    await client.query(`create schema if not exists _stack;
      create table if not exists _stack.platform_files (name text primary key, applied_at timestamptz not null default now())`);
    await client.query('insert into _stack.platform_files (name) select unnest($1::text[]) on conflict do nothing', [
      files,
    ]);
  } finally {
    await client.end();
  }
  return { applied, replaced: files.filter((f) => BOOTSTRAP_ROLE[f] === 'image') };
}
