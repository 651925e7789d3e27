import type { SupabasePostgresSource } from './supabase-postgres-source.ts';

/** Who runs a step, as in the image's migrate.sh. */
export type StepRole = 'supabase_admin' | 'postgres';

export interface ImageStep {
  /** Where the SQL comes from (a path in supabase/postgres, or a note for the inline steps). */
  origin: string;
  role: StepRole;
  sql: string;
}

const DB = 'migrations/db';

/**
 * The SQL Supabase's Postgres image runs on a fresh cluster, in its order. The Dockerfiles copy
 * migrations/db into /docker-entrypoint-initdb.d, where the entrypoint (POSTGRES_USER=supabase_admin) runs
 * migrate.sh: create the superuser `postgres`, run init-scripts/*.sql as postgres (plus the pgbouncer auth
 * schema the Dockerfile drops in as init-scripts/00-schema.sql), then migrations/*.sql as supabase_admin (plus
 * ansible's stat_extension.sql as migrations/00-extension.sql; migrations/10000000000000_demote-postgres.sql
 * takes superuser away from postgres), then the platform's post-init SQL that sets the role passwords.
 * Files are run in byte order of their names; the glob's locale order differs only in where
 * 00-schema.sql falls, which creates nothing the others use.
 */
export function imageSteps(source: SupabasePostgresSource, password: string): ImageStep[] {
  const byName = (files: string[]) => [...files].sort((a, b) => (base(a) < base(b) ? -1 : base(a) > base(b) ? 1 : 0));
  const initScripts = byName([
    ...source.list(`${DB}/init-scripts`).filter((f) => f.endsWith('.sql')),
    'ansible/files/pgbouncer_config/pgbouncer_auth_schema.sql',
  ]);
  const migrations = byName([
    ...source.list(`${DB}/migrations`).filter((f) => f.endsWith('.sql')),
    'ansible/files/stat_extension.sql',
  ]);
  const literal = `'${password.replaceAll("'", "''")}'`;
  return [
    {
      origin: 'migrate.sh: create the superuser postgres',
      role: 'supabase_admin',
      sql: `create role postgres superuser login password ${literal}; alter database postgres owner to postgres;`,
    },
    ...initScripts.map((file) => ({ origin: file, role: 'postgres' as const, sql: source.read(file) })),
    {
      origin: 'migrate.sh: supabase_admin password',
      role: 'postgres',
      sql: `alter user supabase_admin with password ${literal}`,
    },
    ...migrations.map((file) => ({ origin: file, role: 'supabase_admin' as const, sql: source.read(file) })),
    {
      // On the platform /etc/postgresql.schema.sql sets the service roles' passwords after the migrations.
      origin: "post-init: role passwords (the platform's /etc/postgresql.schema.sql)",
      role: 'supabase_admin',
      sql: [
        'authenticator',
        'pgbouncer',
        'supabase_auth_admin',
        'supabase_storage_admin',
        'supabase_replication_admin',
        'supabase_read_only_user',
      ]
        .map((role) => `alter role ${role} with login password ${literal};`)
        .join('\n'),
    },
  ];
}

function base(file: string): string {
  const aliases: Record<string, string> = {
    'pgbouncer_auth_schema.sql': '00-schema.sql',
    'stat_extension.sql': '00-extension.sql',
  };
  const name = file.slice(file.lastIndexOf('/') + 1);
  return aliases[name] ?? name;
}
