import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { applyPlatformBootstrap } from '../../supabase/stack/postgres/bootstrap.ts';
import { applyMigrations } from '../../supabase/stack/postgres/supabase-cli.ts';
import { applySeeds, type SeedOptions } from '../../supabase/stack/postgres/seed.ts';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import type { StackConfig } from '../../supabase/stack/shared/stack-config.ts';
import { stackInfo } from './stack-info.ts';

/**
 * Throwaway databases on the running test stack's Postgres, for tests that need a database of their own
 * (another demo world, say) without disturbing the shared one. The schema is built once into a template
 * (platform bootstrap and migrations, as the stack does), then each copy is a cheap `create database ... template`.
 */

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function asSuperuser<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

export interface ScratchDatabase {
  name: string;
  /** As role postgres, the project owner (migrations and seeds run as it). */
  dbUrl: string;
  /** As the superuser. */
  adminDbUrl: string;
}

function describeDatabase(name: string): ScratchDatabase {
  return { name, dbUrl: withDatabase(stackInfo().dbUrl, name), adminDbUrl: withDatabase(stackInfo().adminDbUrl, name) };
}

/** A new database holding the platform bootstrap and every migration, no data. */
export async function createMigratedDatabase(prefix: string): Promise<ScratchDatabase> {
  const database = describeDatabase(`${prefix}_${randomUUID().slice(0, 8)}`);
  await asSuperuser((db) => db.query(`create database ${database.name} owner postgres`));
  // Roles belong to the cluster and exist already: the bootstrap's roles file is marked done, the rest runs.
  const admin = new pg.Client({ connectionString: database.adminDbUrl });
  await admin.connect();
  try {
    await admin.query(`create schema _stack;
      create table _stack.platform_files (name text primary key, applied_at timestamptz not null default now());
      insert into _stack.platform_files (name) values ('00-roles.sql')`);
  } finally {
    await admin.end();
  }
  await applyPlatformBootstrap({ adminDbUrl: database.adminDbUrl } as StackConfig);
  await applyMigrations(database.dbUrl);
  return database;
}

/** A copy of a database nobody is connected to. */
export async function copyDatabase(template: ScratchDatabase, prefix: string): Promise<ScratchDatabase> {
  const database = describeDatabase(`${prefix}_${randomUUID().slice(0, 8)}`);
  await asSuperuser((db) => db.query(`create database ${database.name} template ${template.name} owner postgres`));
  return database;
}

/** Loads seeds/ into the database, as the stack does for a fresh one. */
export async function loadSeeds(database: ScratchDatabase, options: SeedOptions = {}): Promise<void> {
  await applySeeds(database.dbUrl, path.join(ROOT_DIR, 'seeds'), options);
}

export async function dropDatabase(database: ScratchDatabase | undefined): Promise<void> {
  if (!database) return;
  await asSuperuser((db) => db.query(`drop database if exists ${database.name} with (force)`));
}
