import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';

// Customer feedback review (migration 20261128050100_feedback_review.sql) on feedback of its own: the manager
// comment and Approve, a negative feedback needing a comment, approved feedback read-only, who handled it, the
// list view, and what a driver or another tenant can do.

const TENANT = 'hjem-is';
const members = new Map<string, DemoMember>();
let db: pg.Client;
let tenantId: string;
let depoId: number;
const made: number[] = [];

async function makeFeedback(positive: boolean, status: 'pending' | 'approved' = 'pending'): Promise<number> {
  const stop =
    (
      await db.query(
        `select s.id from public.plan_event_route_points s where s.depo_id = $1 and s.actual_arrival_time is not null order by s.id limit 1`,
        [depoId],
      )
    ).rows[0]?.id ?? null;
  const id = Number(
    (
      await db.query(
        `insert into public.feedbacks (tenant_id, depo_id, plan_event_route_point_id, positive, comment, customer_phone_number, status, manager_comment)
     values ($1, $2, $3, $4, $5, '+4520000000', $6, $7) returning id`,
        [
          tenantId,
          depoId,
          stop,
          positive,
          positive ? 'Lovely' : 'The truck never came',
          status,
          status === 'approved' ? 'Called the customer' : null,
        ],
      )
    ).rows[0].id,
  );
  made.push(id);
  return id;
}

const update = (who: string, id: number, values: Record<string, unknown>) =>
  members.get(who)!.client.from('feedbacks').update(values).eq('id', id).select();
const row = async (id: number) => (await db.query('select * from public.feedbacks where id = $1', [id])).rows[0];
const userId = async (who: string) => (await members.get(who)!.client.auth.getUser()).data.user!.id;

beforeAll(async () => {
  db = await adminDb();
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember(TENANT, role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  tenantId = members.get('admin')!.tenantId;
  depoId = members
    .get('support')!
    .depoIds.find((id) => ['depo_admin', 'driver'].every((r) => members.get(r)!.depoIds.includes(id)))!;
});

afterAll(async () => {
  if (db) {
    await db.query('delete from public.feedbacks where id = any ($1)', [made]);
    await db.end();
  }
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
});

describe('feedback review', () => {
  it('saves a manager comment without approving, and records who handled it', async () => {
    const id = await makeFeedback(false);
    // Who handled it is the database's: a client naming someone is refused, not silently rewritten (issue 24).
    const forged = await update('support', id, {
      manager_comment: 'Will call back',
      handled_by: await userId('admin'),
    });
    expect(forged.error?.code).toBe('42501');
    expect(await row(id)).toMatchObject({ manager_comment: null, handled_by: null });
    const { data, error } = await update('support', id, { manager_comment: 'Will call back' });
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({
      manager_comment: 'Will call back',
      status: 'pending',
      handled_by: await userId('support'),
    });
    expect(data![0].handled_by_at).not.toBeNull();
  });

  it('approves a negative feedback only with a manager comment', async () => {
    const id = await makeFeedback(false);
    for (const comment of [null, '   ']) {
      const refused = await update('depo_admin', id, { status: 'approved', manager_comment: comment });
      expect(refused.error?.code).toBe('23514');
      expect(refused.error?.message).toMatch(/^Manager comment/);
    }
    expect((await row(id)).status).toBe('pending');
    const { data, error } = await update('depo_admin', id, {
      status: 'approved',
      manager_comment: 'Apologised, new visit booked',
    });
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ status: 'approved', handled_by: await userId('depo_admin') });
  });

  it('approves a positive feedback without a comment', async () => {
    const id = await makeFeedback(true);
    const { data, error } = await update('admin', id, { status: 'approved' });
    expect(error).toBeNull();
    expect(data![0].status).toBe('approved');
  });

  it('keeps approved feedback read-only: no change, no reopening, no delete', async () => {
    const id = await makeFeedback(false, 'approved');
    for (const values of [{ manager_comment: 'Changed later' }, { status: 'pending' }]) {
      const refused = await update('admin', id, values);
      expect(refused.error?.code).toBe('42501');
    }
    const removed = await members.get('admin')!.client.from('feedbacks').delete().eq('id', id).select();
    expect(removed.error?.code).toBe('42501');
    expect(await row(id)).toMatchObject({ status: 'approved', manager_comment: 'Called the customer' });
  });

  it('keeps what the customer wrote', async () => {
    const id = await makeFeedback(false);
    for (const values of [{ comment: 'All fine' }, { positive: true }, { customer_phone_number: '+4511111111' }]) {
      const refused = await update('admin', id, values);
      expect(refused.error?.code).toBe('42501');
    }
    expect(await row(id)).toMatchObject({ comment: 'The truck never came', positive: false });
  });

  it('lets no driver and no other tenant review it', async () => {
    const id = await makeFeedback(false);
    for (const who of ['driver', 'foreign admin']) {
      const { data, error } = await update(who, id, { manager_comment: 'Not mine to say', status: 'approved' });
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect(await row(id)).toMatchObject({ status: 'pending', manager_comment: null });
  });
});

describe('feedback_list', () => {
  it("gives each row with route, driver, stop times and handler, through the caller's rights", async () => {
    const id = await makeFeedback(false, 'approved');
    await db.query(
      'update public.feedbacks set handled_by = (select id from auth.users where email = $2) where id = $1',
      [id, `admin@${TENANT}.test`],
    );
    const { data, error } = await members.get('support')!.client.from('feedback_list').select('*').eq('id', id);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const listed = data![0];
    expect(listed.route_name).toBeTruthy();
    expect(listed.driver_name).toBeTruthy();
    expect(listed.actual_arrival_time).not.toBeNull();
    expect(listed.handled_by_full_name).toBeTruthy();
    const foreign = await members.get('foreign admin')!.client.from('feedback_list').select('id').eq('id', id);
    expect(foreign.data).toEqual([]);
  });
});
