import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { StackConfig } from '../shared/stack-config.ts';
import { log } from '../shared/log.ts';

const PLATFORM_DIR = path.join(import.meta.dirname, '..', 'platform');

/**
 * Applies the platform bootstrap (`supabase/stack/platform/*.sql`): what Supabase's Postgres image gives a
 * project before any migration. Each file runs once, in name order, in its own transaction, as superuser;
 * files added later (a newer checkout) are applied to an existing database too.
 */
export async function applyPlatformBootstrap(config: StackConfig): Promise<string[]> {
  const client = new pg.Client({ connectionString: config.adminDbUrl });
  await client.connect();
  try {
    await client.query(`create schema if not exists _stack;
      create table if not exists _stack.platform_files (name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set(
      (await client.query<{ name: string }>('select name from _stack.platform_files')).rows.map((r) => r.name),
    );
    const files = readdirSync(PLATFORM_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(PLATFORM_DIR, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into _stack.platform_files (name) values ($1)', [file]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`platform bootstrap ${file} failed: ${(error as Error).message}`);
      }
      applied.push(file);
    }
    if (applied.length) log('stack', `platform bootstrap applied: ${applied.join(', ')}`);
    return applied;
  } finally {
    await client.end();
  }
}
