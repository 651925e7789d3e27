import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asPostgres } from '../support/clients.ts';

// What the project owner role `postgres` can do on a Supabase project, so migrations that work there work here.

describe('the postgres role, as on Supabase', () => {
  it('changes the settings of the API roles, as Supabase documents for timeouts', async () => {
    await asPostgres(async (db) => {
      await db.query('begin');
      try {
        // Supabase's recipe (docs: database timeouts), as a migration would run it.
        await db.query(`alter role authenticator set statement_timeout = '15s'`);
        await db.query(`alter role authenticated set statement_timeout = '10s'`);
        await db.query(`alter role anon set statement_timeout = '2s'`);
        await db.query(`alter role service_role set statement_timeout = '60s'`);
        const { rows } = await db.query<{ rolname: string; rolconfig: string[] }>(
          `select rolname, rolconfig from pg_roles where rolname in ('authenticator', 'authenticated', 'anon', 'service_role') order by rolname`,
        );
        expect(
          Object.fromEntries(
            rows.map((r) => [r.rolname, r.rolconfig.filter((c) => c.startsWith('statement_timeout'))]),
          ),
        ).toEqual({
          anon: ['statement_timeout=2s'],
          authenticated: ['statement_timeout=10s'],
          authenticator: ['statement_timeout=15s'],
          service_role: ['statement_timeout=60s'],
        });
      } finally {
        await db.query('rollback');
      }
    });
  });

  it('cannot become authenticator or change roles Supabase reserves', async () => {
    await asPostgres(async (db) => {
      await expect(db.query('set role authenticator')).rejects.toThrow(/permission denied/);
      await expect(db.query(`alter role supabase_admin set statement_timeout = '1s'`)).rejects.toThrow(
        /permission denied/,
      );
    });
  });
});

describe('pg_stat_statements, as on Supabase', () => {
  it('is preloaded, lives in the extensions schema and records the statements that run', async () => {
    await asPostgres(async (db) => {
      const preload = await db.query<{ shared_preload_libraries: string }>('show shared_preload_libraries');
      expect(preload.rows[0]!.shared_preload_libraries).toContain('pg_stat_statements');
      const extension = await db.query<{ schema: string }>(
        `select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_stat_statements'`,
      );
      expect(extension.rows).toEqual([{ schema: 'extensions' }]);

      // A table of its own makes the statement distinct (query ids ignore aliases and constants).
      const marker = `stat_marker_${randomUUID().replaceAll('-', '')}`;
      await db.query(`create temporary table ${marker} (n int)`);
      for (let run = 0; run < 3; run += 1) await db.query(`select n from ${marker} where n = ${run}`);
      const { rows } = await db.query<{ calls: string }>(
        'select sum(calls)::text as calls from extensions.pg_stat_statements where query like $1',
        [`select n from ${marker}%`],
      );
      expect(Number(rows[0]!.calls)).toBe(3);
    });
  });
});
