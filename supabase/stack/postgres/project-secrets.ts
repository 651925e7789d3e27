import pg from 'pg';
import type { StackConfig } from '../shared/stack-config.ts';

/**
 * The vault secrets cron jobs read to call the edge functions (`project_url`, `service_role_key`), as a hosted
 * project sets them once with vault.create_secret. Written on every start: the port and keys may change.
 */
export async function writeProjectSecrets(config: Pick<StackConfig, 'adminDbUrl' | 'apiUrl' | 'serviceRoleKey'>): Promise<void> {
  const client = new pg.Client({ connectionString: config.adminDbUrl });
  await client.connect();
  try {
    for (const [name, value] of [['project_url', config.apiUrl], ['service_role_key', config.serviceRoleKey]] as const) {
      await client.query(
        `with updated as (update vault.secrets set secret = $2, updated_at = now() where name = $1 returning id)
         select vault.create_secret($2, $1, 'written by the local stack') where not exists (select 1 from updated)`,
        [name, value],
      );
    }
  } finally {
    await client.end();
  }
}
