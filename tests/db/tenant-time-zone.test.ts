import { beforeAll, describe, expect, it } from 'vitest';
import { asPostgres } from '../support/clients.ts';
import { demoMember, type DemoMember } from './roles.ts';

// A tenant's time zone decides "today" for the whole tenant (the B2B list among others): a name Postgres
// does not know is refused when written (migration 20261123120000_tenant_time_zone_check.sql).

let admin: DemoMember;

beforeAll(async () => {
  admin = await demoMember('hjem-is', 'admin');
});

async function currentTimeZone(): Promise<string> {
  const { data, error } = await admin.client.from('tenants').select('time_zone').eq('id', admin.tenantId).single();
  if (error) throw error;
  return (data as { time_zone: string }).time_zone;
}

describe('tenant time zone', () => {
  it("refuses an unknown time zone from the tenant's admin with a 400 and a clear message", async () => {
    const before = await currentTimeZone();
    const { error, status } = await admin.client
      .from('tenants')
      .update({ time_zone: 'Mars/Olympus_Mons' })
      .eq('id', admin.tenantId)
      .select();
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('Unknown time zone "Mars/Olympus_Mons"');
    expect(error?.hint).toContain('Europe/Copenhagen');
    expect(await currentTimeZone()).toBe(before);
  });

  it('keeps the B2B list working for the tenant after a refused change', async () => {
    await admin.client.from('tenants').update({ time_zone: 'not a zone' }).eq('id', admin.tenantId);
    const { error } = await admin.client.rpc('b2b_customer_status_sizes', { p_tenant_id: admin.tenantId }).single();
    expect(error).toBeNull();
  });

  it('accepts a known IANA name', async () => {
    // Writing the zone the tenant already has changes nothing for tests running beside this one.
    const zone = await currentTimeZone();
    const { data, error, status } = await admin.client
      .from('tenants')
      .update({ time_zone: zone })
      .eq('id', admin.tenantId)
      .select('time_zone');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ time_zone: zone }]);
  });

  it('holds in the database itself, for any writer', async () => {
    await expect(
      asPostgres((db) =>
        db.query(
          `insert into public.tenants (slug, name, time_zone) values ('tz-check', 'TZ check', 'Europe/Atlantis')`,
        ),
      ),
    ).rejects.toThrow('Unknown time zone "Europe/Atlantis"');
  });
});
