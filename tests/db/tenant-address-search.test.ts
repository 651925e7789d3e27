import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { asAdmin } from './trip-world.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { rememberMade, removeMadeRows } from './fresh-rows.ts';
import { serviceClient } from '../support/clients.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';

// The Local address search with its own rights check (migration 20261130020200_tenant_address_search_rights.sql)
// and one row per address found by grouping instead of a sort (20261201010000_tenant_address_search_grouped.sql):
// the same answers as the first security-invoker query (kept below as the reference, run under row-level
// security as the same user), for each role; another tenant is Not found.

const BEFORE = `
  with patterns as (select app_private.address_search_patterns($2) as p),
  matches as (
    select 'route_point.' || rp.id as id, rp.address as place_name, rp.lng, rp.lat
      from public.route_points rp, patterns
     where rp.tenant_id = $1 and rp.deleted_at is null and rp.lat is not null and rp.lng is not null
       and rp.address ilike patterns.p[1] and rp.address ilike all (patterns.p)
    union all
    select 'customer.' || c.id, c.address, c.lng, c.lat
      from public.customers c, patterns
     where c.tenant_id = $1 and c.lat is not null and c.lng is not null
       and c.address ilike patterns.p[1] and c.address ilike all (patterns.p)
    union all
    select 'b2b_customer.' || b.id, b.address, b.lng, b.lat
      from public.b2b_customers b, patterns
     where b.tenant_id = $1 and b.lat is not null and b.lng is not null
       and b.address ilike patterns.p[1] and b.address ilike all (patterns.p)
  ),
  one_per_address as (select distinct on (lower(m.place_name)) m.* from matches m order by lower(m.place_name), m.id)
  select a.id, a.place_name, a.lng, a.lat from one_per_address a
  order by starts_with(lower(a.place_name), lower(btrim($2))) desc, extensions.similarity(a.place_name, $2) desc, a.place_name
  limit least(greatest(coalesce($3::int, 10), 1), 10)`;

const members = new Map<string, DemoMember>();
const userIds = new Map<string, string>();

beforeAll(async () => {
  for (const role of ['admin', 'depo_admin', 'driver'] as const) members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  for (const [who, member] of members) {
    const { data } = await member.client.auth.getUser();
    userIds.set(who, data.user!.id);
  }
}, 60_000);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
});

/** The query before, under row-level security as the member. */
async function before(who: string, tenantId: string, query: string, limit: number) {
  return asAdmin(async (db) => {
    await db.query('begin');
    try {
      await db.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ sub: userIds.get(who), role: 'authenticated' }),
      ]);
      return (await db.query(BEFORE, [tenantId, query, limit])).rows;
    } finally {
      await db.query('rollback');
    }
  });
}

describe('search_tenant_addresses', () => {
  it('answers what the row-level-security query answered, for every role and query', async () => {
    const queries = [
      'vej',
      'Aarhus',
      'kirkevej 5',
      'MØLLEVEJ, horsens',
      'ej 1',
      '100%',
      'a_b',
      'no such street',
      '   ',
      '',
    ];
    let nonEmpty = 0;
    for (const who of ['admin', 'depo_admin', 'driver']) {
      const member = members.get(who)!;
      for (const query of queries) {
        for (const limit of [10, 3]) {
          const expected = await before(who, member.tenantId, query, limit);
          const { data, error } = await member.client.rpc('search_tenant_addresses', {
            p_tenant_id: member.tenantId,
            p_query: query,
            p_limit: limit,
          });
          expect(error).toBeNull();
          expect(data, `${who}: "${query}" ${limit}`).toEqual(expected);
          if (expected.length > 0) nonEmpty += 1;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it(
    'keeps the same row of an address shared by many rows and sources, for common, rare, prefix and multi-word phrases',
    async () => {
      const lock = await holdDataLock(HJEM_IS_OPERATIONS);
      try {
        const tenantId = members.get('admin')!.tenantId;
        const street = `Qz${Date.now().toString(36)}vej`;
        const at = { lat: 56.1, lng: 10.2 };
        const b2b = [
          `${street} 1`,
          `${street.toUpperCase()} 1`,
          `${street} 12, Aarhus`,
          `Gamle ${street} 1`,
          `${street} 1`,
          `${street} 1`,
        ];
        const customers = [`${street.toLowerCase()} 1`, `${street} 2`, `${street} 1`, `${street} 12, Aarhus`];
        for (const [i, address] of b2b.entries()) {
          // The last one has no coordinates: never an answer.
          const place = i === b2b.length - 1 ? { lat: null, lng: null } : at;
          const { data, error } = await serviceClient()
            .from('b2b_customers')
            .insert({
              tenant_id: tenantId,
              customer_name: 'Address shop',
              customer_number: `${street}-${i}`,
              address,
              ...place,
            })
            .select()
            .single();
          expect(error).toBeNull();
          rememberMade('b2b_customers', data);
        }
        for (const [i, address] of customers.entries()) {
          const { data, error } = await serviceClient()
            .from('customers')
            .insert({ tenant_id: tenantId, phone: `+4599${Date.now() % 1_000_000}${i}`, address, ...at })
            .select()
            .single();
          expect(error).toBeNull();
          rememberMade('customers', data);
        }
        const queries = [
          street,
          `${street} 1`,
          street.slice(0, 4).toUpperCase(),
          `vej 1 ${street.slice(0, 4)}`,
          `gamle ${street}`,
          `${street.slice(2)} 12`,
          `${street} 1, Aarhus`,
          `${street} 12 aarhus x`,
        ];
        for (const who of ['admin', 'depo_admin', 'driver']) {
          for (const query of queries) {
            for (const limit of [10, 2]) {
              const expected = await before(who, tenantId, query, limit);
              const { data, error } = await members
                .get(who)!
                .client.rpc('search_tenant_addresses', { p_tenant_id: tenantId, p_query: query, p_limit: limit });
              expect(error).toBeNull();
              expect(data, `${who}: "${query}" ${limit}`).toEqual(expected);
            }
          }
        }
        // The shared address is answered once, by the row the reference picks, and rows without coordinates never.
        const all = await before('admin', tenantId, street, 10);
        expect(all.filter((row) => row.place_name.toLowerCase() === `${street} 1`.toLowerCase())).toHaveLength(1);
        expect(all.length).toBeGreaterThanOrEqual(4);
      } finally {
        await removeMadeRows();
        await lock.release();
      }
    },
    DATA_LOCK_WAIT_MS,
  );

  it('answers Not found for another tenant and a forged tenant id, and refuses anon', async () => {
    const own = members.get('admin')!.tenantId;
    const foreign = await members
      .get('foreign admin')!
      .client.rpc('search_tenant_addresses', { p_tenant_id: own, p_query: 'vej' });
    expect(foreign.data).toBeNull();
    expect(foreign.error?.message).toBe('Not found');
    const forged = await members
      .get('admin')!
      .client.rpc('search_tenant_addresses', { p_tenant_id: '00000000-0000-4000-8000-000000000000', p_query: 'vej' });
    expect(forged.error?.message).toBe('Not found');
    const anon = await client().rpc('search_tenant_addresses', { p_tenant_id: own, p_query: 'vej' });
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });
});
