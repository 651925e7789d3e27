import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';

// The nightly deletion of customers without SMS permission (migration 20261122021140_nightly_customer_deletion.sql).

describe('the nightly deletion of customers without SMS permission', () => {
  it('deletes exactly the customers without permission, with their SMS receivers', async () => {
    // As the cron job runs it: as postgres. In a transaction that is rolled back, so the demo data survives.
    const db = new pg.Client({ connectionString: stackInfo().dbUrl });
    await db.connect();
    const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);
    try {
      await db.query('begin');
      const without = (await db.query<{ id: string }>('select id from public.customers where not sms_permission order by id')).rows.map((r) => r.id);
      const withPermission = await count('select count(*) as n from public.customers where sms_permission');
      expect(without.length).toBeGreaterThan(0);
      const receiversOfThem = await count(`select count(*) as n from public.sms_receivers where customer_id in (select id from public.customers where not sms_permission)`);
      expect(receiversOfThem).toBeGreaterThan(0);

      const { rows } = await db.query<{ deleted: number }>('select app_private.delete_customers_without_sms_permission() as deleted');
      expect(rows[0].deleted).toBe(without.length);
      expect(await count('select count(*) as n from public.customers where not sms_permission')).toBe(0);
      expect(await count('select count(*) as n from public.customers')).toBe(withPermission);
      expect(await count(`select count(*) as n from public.sms_receivers where customer_id = any ('{${without.join(',')}}'::bigint[])`)).toBe(0);
    } finally {
      await db.query('rollback');
    }
    try {
      expect(await count('select count(*) as n from public.customers where not sms_permission')).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });

  it('is scheduled nightly with pg_cron, as postgres', async () => {
    const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
    await db.connect();
    try {
      const { rows } = await db.query('select schedule, command, username, active from cron.job where jobname = $1', ['delete-customers-without-sms-permission']);
      expect(rows).toEqual([
        { schedule: '0 2 * * *', command: 'select app_private.delete_customers_without_sms_permission()', username: 'postgres', active: true },
      ]);
    } finally {
      await db.end();
    }
  });

  it('cannot be called by signed-in users', async () => {
    const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`select has_function_privilege('authenticated', 'app_private.delete_customers_without_sms_permission()', 'execute') as allowed`);
      expect(rows[0].allowed).toBe(false);
    } finally {
      await db.end();
    }
  });
});
