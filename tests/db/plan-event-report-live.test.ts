import { randomInt, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';

// The plan-event report's live channel (migration 20261128030100_plan_event_report_live.sql): a conversion and a
// Stop SMS are announced on `depo:<depo>:plan_event_report:<id>`, which the depo's members may join and nobody
// else; the trip engine's updates are not announced there.

const members = new Map<string, DemoMember>();
let db: pg.Client;
let lock: { release: () => Promise<void> } | undefined;
let tenantId: string;
let depoId: number;
let planEventId: number;
const made = { routes: [] as number[], planEvents: [] as number[] };

async function join(supabase: SupabaseClient, topic: string): Promise<'SUBSCRIBED' | 'CHANNEL_ERROR'> {
  await supabase.realtime.setAuth();
  const channel = supabase.channel(topic, { config: { private: true } });
  const status = await new Promise<'SUBSCRIBED' | 'CHANNEL_ERROR'>((resolve) => {
    channel.subscribe((state) => {
      if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR') resolve(state);
    });
  });
  await supabase.removeChannel(channel);
  return status;
}

const topic = () => `depo:${depoId}:plan_event_report:${planEventId}`;
const announced = async () =>
  Number(
    (
      await db.query(
        `select count(*) from realtime.messages where topic = $1 and event = 'plan_event_changed' and payload ->> 'id' = $2`,
        [topic(), String(planEventId)],
      )
    ).rows[0].count,
  );

beforeAll(async () => {
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  db = await adminDb();
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  tenantId = members.get('admin')!.tenantId;
  depoId = members
    .get('support')!
    .depoIds.filter((id) => ['depo_admin', 'driver'].every((r) => members.get(r)!.depoIds.includes(id)))[0]!;
  const car = Number(
    (await db.query('select id from public.cars where depo_id = $1 order by id limit 1', [depoId])).rows[0].id,
  );
  const user = (await db.query(`select id from auth.users where email = 'admin@hjem-is.test'`)).rows[0].id;
  const route = Number(
    (
      await db.query(`insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`, [
        tenantId,
        depoId,
        `live-${randomUUID().slice(0, 8)}`,
      ])
    ).rows[0].id,
  );
  made.routes.push(route);
  const date = new Date(Date.UTC(2400, 0, 1) + randomInt(0, 20_000) * 86_400_000).toISOString().slice(0, 10);
  planEventId = Number(
    (
      await db.query(
        `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, $3, $4, $5, $6) returning id`,
        [tenantId, depoId, date, route, user, car],
      )
    ).rows[0].id,
  );
  made.planEvents.push(planEventId);
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  if (db) {
    await db.query('update public.plan_events set started_at = null where id = any ($1)', [made.planEvents]);
    await db.query('delete from public.plan_events where id = any ($1)', [made.planEvents]);
    await db.query('delete from public.routes where id = any ($1)', [made.routes]);
    await db.end();
  }
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  await lock?.release();
});

describe('the plan-event report channel', () => {
  it('is joined by every member of the depo, not by another tenant or anon', async () => {
    for (const role of ['admin', 'depo_admin', 'support', 'driver'])
      expect(await join(members.get(role)!.client, topic()), role).toBe('SUBSCRIBED');
    expect(await join(members.get('foreign admin')!.client, topic())).toBe('CHANNEL_ERROR');
    expect(await join(client(), topic())).toBe('CHANNEL_ERROR');
  });

  it("announces a conversion and a Stop SMS, not the trip engine's updates", async () => {
    const before = await announced();
    await db.query('update public.plan_events set started_at = now(), car_not_moving = true where id = $1', [
      planEventId,
    ]);
    expect(await announced()).toBe(before);

    const converted = await members
      .get('admin')!
      .client.rpc('convert_to_route', { plan_event_id: planEventId, with_unvisited_stops: true });
    expect(converted.error).toBeNull();
    made.routes.push((converted.data as { id: number }).id);
    expect(await announced()).toBe(before + 1);

    const stopped = await members.get('support')!.client.rpc('stop_sending_sms', { plan_event_id: planEventId });
    expect(stopped.error).toBeNull();
    expect(await announced()).toBe(before + 2);
  });
});
