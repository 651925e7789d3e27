import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';

// feedback_filter_choices (migration 20261130050000): the feedback screen's Drivers and Routes filters, each driver
// and route of the depo's feedback once, with the caller's rights; the same choices the list's rows name.

const TENANT = 'hjem-is';
const members = new Map<string, DemoMember>();
let db: pg.Client;
let tenantId: string;
let depoId: number;
const made: number[] = [];

type Choice = { kind: string; id: string; name: string };
const sorted = (rows: Choice[]) => [...rows].sort((a, b) => `${a.kind}${a.id}`.localeCompare(`${b.kind}${b.id}`));

/** The choices as the list's rows name them: every row of feedback_list of the depo, each driver and route once. */
async function fromTheList(who: string): Promise<Choice[]> {
  const { data, error } = await members
    .get(who)!
    .client.from('feedback_list')
    .select('driver_id, driver_name, route_id, route_name')
    .eq('depo_id', depoId);
  expect(error).toBeNull();
  const choices = new Map<string, Choice>();
  for (const row of data!) {
    if (row.driver_id)
      choices.set(`driver ${row.driver_id}`, {
        kind: 'driver',
        id: row.driver_id,
        name: row.driver_name ?? row.driver_id,
      });
    if (row.route_id !== null)
      choices.set(`route ${row.route_id}`, {
        kind: 'route',
        id: String(row.route_id),
        name: row.route_name ?? String(row.route_id),
      });
  }
  return sorted([...choices.values()]);
}

async function choices(who: string, depo = depoId) {
  return members.get(who)!.client.rpc('feedback_filter_choices', { p_depo_id: depo });
}

beforeAll(async () => {
  db = await adminDb();
  for (const role of ['admin', 'depo_admin', 'driver'] as const) members.set(role, await demoMember(TENANT, role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  tenantId = members.get('admin')!.tenantId;
  depoId = members.get('depo_admin')!.depoIds[0];
  // Feedback on stops of three different trips of the depo, so there is more than one driver and route to offer.
  const stops = (
    await db.query(
      `select distinct on (s.plan_event_id) s.id from public.plan_event_route_points s
       join public.plan_events pe on pe.id = s.plan_event_id
      where s.depo_id = $1 and pe.route_id is not null order by s.plan_event_id desc, s.id limit 3`,
      [depoId],
    )
  ).rows.map((r) => r.id);
  for (const stop of stops) {
    made.push(
      Number(
        (
          await db.query(
            `insert into public.feedbacks (tenant_id, depo_id, plan_event_route_point_id, positive, comment, customer_phone_number)
       values ($1, $2, $3, true, 'Fine', '+4520000000') returning id`,
            [tenantId, depoId, stop],
          )
        ).rows[0].id,
      ),
    );
  }
});

afterAll(async () => {
  if (db) {
    await db.query('delete from public.feedbacks where id = any ($1)', [made]);
    await db.end();
  }
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
});

describe('feedback filter choices', () => {
  it("offers each driver and route of the depo's feedback once, the same ones the list names", async () => {
    const { data, error } = await choices('admin');
    expect(error).toBeNull();
    expect(data!.filter((c: Choice) => c.kind === 'route').length).toBeGreaterThanOrEqual(2);
    expect(new Set(data!.map((c: Choice) => `${c.kind} ${c.id}`)).size).toBe(data!.length);
    expect(sorted(data!)).toEqual(await fromTheList('admin'));
  });

  it('gives a depo admin what the list gives them', async () => {
    const { data, error } = await choices('depo_admin');
    expect(error).toBeNull();
    expect(sorted(data!)).toEqual(await fromTheList('depo_admin'));
  });

  it("offers another tenant's admin nothing of this depo", async () => {
    const { data, error } = await choices('foreign admin');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('refuses anon', async () => {
    const { data, error } = await client().rpc('feedback_filter_choices', { p_depo_id: depoId });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});
