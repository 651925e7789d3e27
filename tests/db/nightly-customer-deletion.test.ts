import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';

// The nightly deletion of customers without SMS permission (migration 20261122021140_nightly_customer_deletion.sql).

describe('the nightly deletion of customers without SMS permission', () => {
  it('deletes exactly the customers without permission, with their SMS receivers', async () => {
    // As the cron job runs it: as postgres. In a transaction that is rolled back, so the demo data survives.
    // Other tests add and remove customers meanwhile: a repeatable-read snapshot keeps their rows out of the
    // deletion, and every count is over rows this test saw or made.
    const db = new pg.Client({ connectionString: stackInfo().dbUrl });
    await db.connect();
    const count = async (sql: string, ids: string[]) => Number((await db.query<{ n: string }>(sql, [ids])).rows[0].n);
    let demoWithout: string[] = [];
    try {
      await db.query('begin isolation level repeatable read');
      // Two customers of its own, one on each side, the one without permission subscribed to a stop.
      const { rows: own } = await db.query<{ id: string; sms_permission: boolean }>(`
        insert into public.customers (tenant_id, phone, sms_permission)
        select t.id, p.phone, p.permission from public.tenants t
        cross join (values ('+4599000001', false), ('+4599000002', true)) p(phone, permission)
        where t.slug = 'hjem-is' returning id, sms_permission`);
      const ownWithout = own.find((c) => !c.sms_permission)!.id;
      const ownWith = own.find((c) => c.sms_permission)!.id;
      await db.query(
        `
        insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id)
        select c.tenant_id, c.id, p.id, p.depo_id from public.customers c
        join lateral (select p.id, p.depo_id from public.plan_event_route_points p where p.tenant_id = c.tenant_id order by p.id limit 1) p on true
        where c.id = $1`,
        [ownWithout],
      );

      const before = (
        await db.query<{ id: string; sms_permission: boolean }>(
          'select id, sms_permission from public.customers order by id',
        )
      ).rows;
      const without = before.filter((c) => !c.sms_permission).map((c) => c.id);
      const withPermission = before.filter((c) => c.sms_permission).map((c) => c.id);
      expect(without).toContain(ownWithout);
      demoWithout = without.filter((id) => id !== ownWithout);
      expect(withPermission).toContain(ownWith);
      const receiversOfThem = await count(
        'select count(*) as n from public.sms_receivers where customer_id = any ($1::bigint[])',
        without,
      );
      expect(receiversOfThem).toBeGreaterThan(0);

      const { rows } = await db.query<{ deleted: number }>(
        'select app_private.delete_customers_without_sms_permission() as deleted',
      );
      expect(rows[0].deleted).toBe(without.length);
      expect(await count('select count(*) as n from public.customers where id = any ($1::bigint[])', without)).toBe(0);
      expect(
        await count('select count(*) as n from public.customers where id = any ($1::bigint[])', withPermission),
      ).toBe(withPermission.length);
      expect(
        await count('select count(*) as n from public.sms_receivers where customer_id = any ($1::bigint[])', without),
      ).toBe(0);
    } finally {
      await db.query('rollback');
    }
    try {
      // Rolled back: the demo's customers without permission are still there.
      expect(demoWithout.length).toBeGreaterThan(0);
      expect(await count('select count(*) as n from public.customers where id = any ($1::bigint[])', demoWithout)).toBe(
        demoWithout.length,
      );
    } finally {
      await db.end();
    }
  });

  it('is scheduled nightly with pg_cron, as postgres', async () => {
    const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
    await db.connect();
    try {
      const { rows } = await db.query('select schedule, command, username, active from cron.job where jobname = $1', [
        'delete-customers-without-sms-permission',
      ]);
      expect(rows).toEqual([
        {
          schedule: '0 2 * * *',
          command: 'select app_private.delete_customers_without_sms_permission()',
          username: 'postgres',
          active: true,
        },
      ]);
    } finally {
      await db.end();
    }
  });

  it('cannot be called by signed-in users', async () => {
    const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select has_function_privilege('authenticated', 'app_private.delete_customers_without_sms_permission()', 'execute') as allowed`,
      );
      expect(rows[0].allowed).toBe(false);
    } finally {
      await db.end();
    }
  });
});
