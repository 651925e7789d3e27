import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { stackInfo } from '../../support/stack-info.ts';

/** Runs one statement as the superuser: arranging or cleaning up what a spec made (never seeded rows). */
export async function sql<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return (await db.query<Row>(text, values)).rows;
  } finally {
    await db.end();
  }
}

/** A name no other run or project uses: `E2E-ab12cd`. */
export const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 6)}`;

/** The id of a seeded depo of a tenant, by title. */
export async function depoId(tenant: string, title: string): Promise<number> {
  const rows = await sql<{ id: string }>(
    'select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = $1 and d.title = $2',
    [tenant, title],
  );
  if (!rows[0]) throw new Error(`no depo ${title} in ${tenant}`);
  return Number(rows[0].id);
}
