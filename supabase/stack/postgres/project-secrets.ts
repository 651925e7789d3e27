import pg from 'pg';
import type { StackConfig } from '../shared/stack-config.ts';

/**
 * What a hosted project's owner stores in Vault once so that pg_cron jobs can call the project's edge functions
 * (Supabase's "Scheduling Edge Functions" recipe): the project URL and the service role key. The local stack
 * stores its own at every start (the port or JWT secret may have changed since the database was created).
 */
export async function storeProjectSecrets(
  config: Pick<StackConfig, 'adminDbUrl' | 'apiUrl' | 'serviceRoleKey'>,
): Promise<void> {
  const client = new pg.Client({ connectionString: config.adminDbUrl });
  await client.connect();
  try {
    for (const [name, secret] of [
      ['project_url', config.apiUrl],
      ['service_role_key', config.serviceRoleKey],
    ] as const) {
      await client.query(
        `insert into vault.secrets (name, secret, description) values ($1, $2, 'Set by the local stack at start')
         on conflict (name) where name is not null do update set secret = excluded.secret, updated_at = now()`,
        [name, secret],
      );
    }
  } finally {
    await client.end();
  }
}

/** Turns named pg_cron jobs off (as cron.alter_job(active := false) would), e.g. for a test stack. */
export async function pauseCronJobs(
  config: Pick<StackConfig, 'adminDbUrl'>,
  jobNames: readonly string[],
): Promise<void> {
  if (jobNames.length === 0) return;
  const client = new pg.Client({ connectionString: config.adminDbUrl });
  await client.connect();
  try {
    await client.query('update cron.job set active = false where jobname = any($1::text[])', [jobNames]);
  } finally {
    await client.end();
  }
}
