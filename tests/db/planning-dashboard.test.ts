import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';

// Who may read the home page's planning section (migration 20261128030300_planning_dashboard.sql): the planners
// of the depo (admins, depo admins, support); drivers, another depo's depo admin and another tenant get Not found.
// What the lists hold is checked in tests/e2e/planning-dashboard.spec.ts.

const NOT_FOUND = 'Not found';
const members = new Map<string, DemoMember>();
let db: pg.Client;

const dashboard = (who: string, depoId: number) =>
  members.get(who)!.client.rpc('planning_dashboard', { depo_id: depoId });

beforeAll(async () => {
  db = await adminDb();
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
});

afterAll(async () => {
  await db?.end();
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
});

describe('planning_dashboard', () => {
  it("answers the planners of the depo with today's date and both lists", async () => {
    const today = async () =>
      (
        await db.query<{ today: string }>(
          `select (now() at time zone t.time_zone)::date::text as today from public.tenants t where t.slug = 'hjem-is'`,
        )
      ).rows[0].today;
    for (const role of ['admin', 'depo_admin', 'support']) {
      const depoId = members.get(role)!.depoIds[0]!;
      // The tenant's today before and after the call: either, should its midnight pass in between.
      const before = await today();
      const { data, error } = await dashboard(role, depoId);
      expect(error, role).toBeNull();
      const answer = data as { date: string; routes: unknown[]; sms_stops: unknown[] };
      expect([before, await today()]).toContain(answer.date);
      expect(Array.isArray(answer.routes) && Array.isArray(answer.sms_stops)).toBe(true);
    }
  });

  it("answers Not found to a driver, outside the caller's depos, to another tenant and for a forged id", async () => {
    const driver = members.get('driver')!;
    expect((await dashboard('driver', driver.depoIds[0]!)).error?.message).toBe(NOT_FOUND);
    const hjemIsDepo = members.get('admin')!.depoIds[0]!;
    expect((await dashboard('foreign admin', hjemIsDepo)).error?.message).toBe(NOT_FOUND);
    const notTheirs = members.get('admin')!.depoIds.find((id) => !members.get('depo_admin')!.depoIds.includes(id));
    if (notTheirs !== undefined) expect((await dashboard('depo_admin', notTheirs)).error?.message).toBe(NOT_FOUND);
    expect((await dashboard('admin', 9_000_000_000_000)).error?.message).toBe(NOT_FOUND);
  });
});
