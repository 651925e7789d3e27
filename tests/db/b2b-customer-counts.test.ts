import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';
import { asAdmin } from './trip-world.ts';
import { demoMember, type DemoMember } from './roles.ts';

// The B2B tab counts as security definer with their own membership check (migration
// 20261201010100_b2b_customer_counts_by_key.sql): the same counts as the security-invoker query before it (kept
// below as the reference, run under row-level security as the same user), for members, a member of another
// tenant and every filter; tests/db/b2b-customers-list.test.ts checks them against the base tables.

const BEFORE = `
  select count(*) as all_count, count(*) filter (where m.in_route) as in_route_count,
         count(*) filter (where not m.in_route) as not_in_route_count,
         count(*) filter (where m.last_visit_on >= app_private.tenant_today($1)) as in_calendar_count,
         count(*) filter (where m.last_visit_on is null or m.last_visit_on < app_private.tenant_today($1)) as not_in_calendar_count
    from app_private.b2b_customers_matching($1, null, $2, 'all', $3) m
   where nullif(btrim($4), '') is null or m.id = any (app_private.b2b_customer_ids_for_phrase($1, $4))`;

interface Filters {
  p_depo_id: number | null;
  p_status: string | null;
  p_search_phrase: string | null;
}

const members = new Map<string, DemoMember>();
const userIds = new Map<string, string>();
let lock: { release: () => Promise<void> } | undefined;

beforeAll(async () => {
  // The RLS matrix adds and removes B2B customers of hjem-is: not while this counts them.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  for (const [who, member] of members) {
    const { data } = await member.client.auth.getUser();
    userIds.set(who, data.user!.id);
  }
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  await lock?.release();
});

/** The counts query before, under row-level security as the member. */
async function before(who: string, tenantId: string, f: Filters) {
  return asAdmin(async (db) => {
    await db.query('begin');
    try {
      await db.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ sub: userIds.get(who), role: 'authenticated' }),
      ]);
      const [row] = (await db.query(BEFORE, [tenantId, f.p_depo_id, f.p_status, f.p_search_phrase])).rows;
      return Object.fromEntries(Object.entries(row as Record<string, string>).map(([k, v]) => [k, Number(v)]));
    } finally {
      await db.query('rollback');
    }
  });
}

describe('b2b_customer_status_sizes', () => {
  it('counts what the row-level-security query counted, for every member, filter and phrase', async () => {
    const tenantId = members.get('admin')!.tenantId;
    const depoId = members.get('admin')!.depoIds[1];
    const filters: Filters[] = [];
    for (const p_status of ['active', 'inactive', null]) {
      for (const p_depo_id of [null, depoId]) {
        for (const p_search_phrase of [null, '', '  ', 'kiosk', 'KIOSK ', '3000', '%_', 'no such shop'])
          filters.push({ p_status, p_depo_id, p_search_phrase });
      }
    }
    let nonZero = 0;
    for (const who of ['admin', 'depo_admin', 'support', 'driver', 'foreign admin']) {
      for (const f of filters) {
        const expected = await before(who, tenantId, f);
        const { data, error } = await members
          .get(who)!
          .client.rpc('b2b_customer_status_sizes', { p_tenant_id: tenantId, ...f })
          .single();
        expect(error).toBeNull();
        expect(data, `${who}: ${JSON.stringify(f)}`).toEqual(expected);
        if (expected.all_count > 0) nonZero += 1;
      }
    }
    expect(nonZero).toBeGreaterThan(40);
  });

  it('counts nothing for a forged tenant id', async () => {
    const { data, error } = await members
      .get('admin')!
      .client.rpc('b2b_customer_status_sizes', { p_tenant_id: '00000000-0000-4000-8000-000000000000', p_status: null })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      all_count: 0,
      in_route_count: 0,
      not_in_route_count: 0,
      in_calendar_count: 0,
      not_in_calendar_count: 0,
    });
  });
});
