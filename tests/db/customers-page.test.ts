import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { demoMember, type DemoMember } from './roles.ts';

// The customers list's page function (migration 20261129100100_customers_page.sql): the same rows as the REST query
// the screen sent before (src/features/customers/api/get-customers.ts), for every filter, and who may ask.

const COLUMNS = 'id, email, address, username, name, first_name, last_name, phone, gender, sms_permission';
const SEARCHED = ['email', 'first_name', 'last_name', 'name', 'username', 'phone', 'address'];

const members = new Map<string, DemoMember>();

beforeAll(async () => {
  for (const role of ['admin', 'driver'] as const) members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
}, 60_000);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
});

interface Params {
  consent: 'sms' | 'marketing' | null;
  phrase: string;
  page: number;
  perPage: 25 | 50;
}

/** The REST query the screen sent before the function, as the member sees it through row-level security. */
async function overRest(who: string, p: Params) {
  const member = members.get(who)!;
  let query = member.client.from('customers').select(COLUMNS).eq('tenant_id', member.tenantId);
  if (p.consent === 'sms') query = query.eq('sms_permission', true);
  if (p.consent === 'marketing') query = query.eq('marketing_agreement', true);
  if (p.phrase) {
    const quoted = `"%${p.phrase.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}%"`;
    query = query.or(SEARCHED.map((column) => `${column}.ilike.${quoted}`).join(','));
  }
  const from = (p.page - 1) * p.perPage;
  const { data, error } = await query.order('id', { ascending: false }).range(from, from + p.perPage - 1);
  expect(error).toBeNull();
  return data;
}

async function overRpc(who: string, p: Params, tenantId = members.get(who)!.tenantId) {
  return members.get(who)!.client.rpc('customers_page', {
    p_tenant_id: tenantId,
    p_consent: p.consent ?? undefined,
    p_search_phrase: p.phrase,
    p_page: p.page,
    p_per_page: p.perPage,
  });
}

describe('customers_page', () => {
  it('answers the same rows as the REST query for every filter, phrase and page', async () => {
    const cases: Params[] = [
      { consent: null, phrase: '', page: 1, perPage: 25 },
      { consent: null, phrase: '', page: 2, perPage: 50 },
      { consent: 'sms', phrase: '', page: 1, perPage: 25 },
      { consent: 'marketing', phrase: '', page: 1, perPage: 50 },
      { consent: null, phrase: 'sen', page: 1, perPage: 25 },
      { consent: null, phrase: 'SEN', page: 2, perPage: 25 },
      { consent: 'sms', phrase: 'a', page: 1, perPage: 50 },
      { consent: null, phrase: '45', page: 1, perPage: 25 },
      { consent: null, phrase: 'gade*vej', page: 1, perPage: 25 },
      { consent: null, phrase: 'a_b%c, "d"', page: 1, perPage: 25 },
      { consent: null, phrase: 'no such customer anywhere', page: 1, perPage: 25 },
    ];
    let nonEmpty = 0;
    for (const p of cases) {
      const expected = await overRest('admin', p);
      const { data, error } = await overRpc('admin', p);
      expect(error).toBeNull();
      expect(data).toEqual(expected);
      if (expected!.length) nonEmpty += 1;
    }
    // The cases are not all empty answers (the demo world has customers matching most of them).
    expect(nonEmpty).toBeGreaterThan(5);
  });

  it('lets any member of the tenant read it, as the table does (a driver too)', async () => {
    const p: Params = { consent: null, phrase: '', page: 1, perPage: 25 };
    const { data, error } = await overRpc('driver', p);
    expect(error).toBeNull();
    expect(data).toEqual(await overRest('driver', p));
  });

  it('answers Not found for another tenant, a forged tenant id, and refuses anon', async () => {
    const p: Params = { consent: null, phrase: '', page: 1, perPage: 25 };
    const foreign = await overRpc('foreign admin', p, members.get('admin')!.tenantId);
    expect(foreign.data).toBeNull();
    expect(foreign.error?.message).toBe('Not found');
    const forged = await overRpc('admin', p, '00000000-0000-4000-8000-000000000000');
    expect(forged.error?.message).toBe('Not found');
    const anon = await client().rpc('customers_page', { p_tenant_id: members.get('admin')!.tenantId });
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });

  it('caps rows per page at 50 and survives a huge phrase', async () => {
    const { data, error } = await overRpc('admin', { consent: null, phrase: '', page: 1, perPage: 1000 as 50 });
    expect(error).toBeNull();
    expect(data!.length).toBeLessThanOrEqual(50);
    const huge = await overRpc('admin', { consent: null, phrase: 'x'.repeat(20_000), page: 1, perPage: 25 });
    expect(huge.error).toBeNull();
    expect(huge.data).toEqual([]);
  });
});
