import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { demoMember } from './roles.ts';

// The route-points editor's B2B customer picker (migration 20261130020100_b2b_customer_picker.sql): the same rows as
// the REST query the picker sent before (src/features/route-points/api/point-b2b-customers.ts), as each caller sees
// them through row-level security. REST ordered by name only; the reference adds the id the function breaks ties by.

const members = new Map<string, SupabaseClient>();

beforeAll(async () => {
  members.set('admin', (await demoMember('hjem-is', 'admin')).client);
  members.set('driver', (await demoMember('hjem-is', 'driver')).client);
  members.set('foreign admin', (await demoMember('den-norske-isbilen', 'admin')).client);
  const twoTenants = client();
  const { error } = await twoTenants.auth.signInWithPassword({
    email: 'two-tenants@demo.test',
    password: stackInfo().demoPassword,
  });
  if (error) throw error;
  members.set('two tenants', twoTenants);
}, 60_000);

afterAll(async () => {
  for (const member of members.values()) await member.auth.signOut({ scope: 'local' });
});

/** The picker's REST query before the function, as the caller sees it. */
async function overRest(who: string, text: string) {
  const pattern = `%${text.replace(/[%_,()\\]/g, '')}%`;
  const { data, error } = await members
    .get(who)!
    .from('b2b_customers')
    .select('id, shop_id, customer_name')
    .or(`customer_name.ilike.${pattern},shop_id.ilike.${pattern}`)
    .order('customer_name')
    .order('id')
    .limit(10);
  expect(error).toBeNull();
  return data;
}

const overRpc = (who: string, text: string) => members.get(who)!.rpc('b2b_customer_picker', { p_text: text });

describe('b2b_customer_picker', () => {
  it('answers the same rows as the REST query for common, rare, cased, wildcard and missing phrases', async () => {
    const phrases = [
      'kiosk',
      'KIOSK',
      'horsens',
      'S10',
      'S1006',
      'amp*ors',
      'ki(o)sk',
      'k%i_o\\sk',
      'æøå',
      'no such shop anywhere',
      'on',
      '',
    ];
    let nonEmpty = 0;
    for (const who of ['admin', 'driver', 'foreign admin', 'two tenants']) {
      for (const text of phrases) {
        const expected = await overRest(who, text);
        const { data, error } = await overRpc(who, text);
        expect(error).toBeNull();
        expect(data, `${who}: "${text}"`).toEqual(expected);
        if (expected!.length > 0) nonEmpty += 1;
      }
    }
    expect(nonEmpty).toBeGreaterThan(15);
  });

  it("never answers another tenant's customers, and refuses anon", async () => {
    const own = (await overRpc('admin', 'S10')).data as Array<{ id: number }>;
    expect(own.length).toBeGreaterThan(0);
    const foreign = (await overRpc('foreign admin', 'S10')).data as Array<{ id: number }>;
    const ownIds = new Set(own.map((row) => row.id));
    expect(foreign.filter((row) => ownIds.has(row.id))).toEqual([]);
    const anon = await client().rpc('b2b_customer_picker', { p_text: 'kiosk' });
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });

  it('survives a huge phrase', async () => {
    const { data, error } = await overRpc('admin', 'x'.repeat(20_000));
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
