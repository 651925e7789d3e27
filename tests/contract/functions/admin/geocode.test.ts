import { randomUUID } from 'node:crypto';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember, type DemoMember } from '../../../db/roles.ts';
import { asPostgres } from '../../../support/clients.ts';

// Address search of the customer form, with the local adapters (no geocoding provider configured for the demo
// tenants). The provider adapters are covered against fake providers in real-providers.test.ts.

interface AddressResult {
  place_name: string;
  center: [number, number];
  id: string;
}

let admin: DemoMember;
const street = `Testgade ${randomUUID().slice(0, 6)}`;
let customerId: number;

async function search(member: DemoMember, type: string, q: string, tenant = 'hjem-is') {
  return member.client.functions.invoke<AddressResult[]>(
    `geocode?tenant=${tenant}&type=${type}&q=${encodeURIComponent(q)}`,
    { method: 'GET' },
  );
}

async function statusOf(result: { error: unknown }): Promise<number> {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  return ((result.error as FunctionsHttpError).context as Response).status;
}

beforeAll(async () => {
  admin = await demoMember('hjem-is', 'admin');
  customerId = await asPostgres(async (db) =>
    Number(
      (
        await db.query<{ id: string }>(
          `insert into public.customers (tenant_id, phone, address, lat, lng) values ($1, $2, $3, 55.5, 10.5) returning id`,
          [admin.tenantId, `+459${String(Date.now()).slice(-7)}`, `${street} 7, Odense`],
        )
      ).rows[0].id,
    ),
  );
});

afterAll(async () => {
  await asPostgres((db) => db.query('delete from public.customers where id = $1', [customerId]));
});

describe("geocode, local: the tenant's own addresses", () => {
  it('finds route points, customers and B2B customers whose address has every word, as { place_name, center, id }', async () => {
    const { data, error } = await search(admin, 'local', 'kirkevej 14');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.length).toBeLessThanOrEqual(10);
    expect(data![0]).toEqual({
      place_name: 'Kirkevej 14, Aarhus',
      center: [expect.any(Number), expect.any(Number)],
      id: expect.stringMatching(/^(route_point|customer|b2b_customer)\.\d+$/),
    });
    expect(data!.every((r) => /kirkevej/i.test(r.place_name) && r.place_name.includes('14'))).toBe(true);
    const [lng, lat] = data![0].center;
    expect(lng).toBeGreaterThan(8);
    expect(lat).toBeGreaterThan(54);

    expect((await search(admin, 'local', street.toLowerCase())).data).toEqual([
      { place_name: `${street} 7, Odense`, center: [10.5, 55.5], id: `customer.${customerId}` },
    ]);
    const shop = await asPostgres(
      async (db) =>
        (
          await db.query<{ id: string; address: string }>(
            `select id, address from public.b2b_customers where tenant_id = $1 and lat is not null order by id limit 1`,
            [admin.tenantId],
          )
        ).rows[0],
    );
    expect((await search(admin, 'local', shop.address)).data!.map((r) => r.place_name)).toContain(shop.address);
  });

  it('stays inside the tenant, and inside the depos a member works in', async () => {
    const norway = await demoMember('den-norske-isbilen', 'admin');
    expect((await search(norway, 'local', street, 'den-norske-isbilen')).data).toEqual([]);
    expect(
      (await search(norway, 'local', 'kirkevej 14', 'den-norske-isbilen')).data!.every(
        (r) => !r.place_name.includes('Aarhus'),
      ),
    ).toBe(true);

    // A route point of the one depo the depo admin does not work in: the admin finds it, the depo admin does not.
    const depoAdmin = await demoMember('hjem-is', 'depo_admin');
    const address = await asPostgres(
      async (db) =>
        (
          await db.query<{ address: string }>(
            `select rp.address from public.route_points rp
        where rp.tenant_id = $1 and rp.depo_id <> all ($2::bigint[]) and rp.deleted_at is null and rp.lat is not null
          and not exists (select 1 from public.route_points o where o.tenant_id = rp.tenant_id and o.address = rp.address and o.depo_id = any ($2::bigint[]))
          and not exists (select 1 from public.customers c where c.tenant_id = rp.tenant_id and c.address = rp.address)
          and not exists (select 1 from public.b2b_customers b where b.tenant_id = rp.tenant_id and b.address = rp.address)
        order by rp.id limit 1`,
            [admin.tenantId, depoAdmin.depoIds],
          )
        ).rows[0].address,
    );
    expect((await search(admin, 'local', address)).data!.map((r) => r.place_name)).toContain(address);
    expect((await search(depoAdmin, 'local', address)).data!.map((r) => r.place_name)).not.toContain(address);
  });
});

describe('geocode, global without a provider configured', () => {
  it("answers from the local address index: stops and depos of the tenant's country", async () => {
    const { data } = await search(admin, 'global', 'glostrup');
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.length).toBeLessThanOrEqual(5);
    expect(data![0]).toEqual({
      place_name: 'Glostrup centrum',
      center: [12.4036, 55.6666],
      id: expect.stringMatching(/^depo\.\d+$/),
    });
    // Retail customers' addresses are not part of the global index.
    expect((await search(admin, 'global', street)).data).toEqual([]);
    const norway = await demoMember('den-norske-isbilen', 'admin');
    expect((await search(norway, 'global', 'glostrup', 'den-norske-isbilen')).data).toEqual([]);
    expect((await search(norway, 'global', 'bergen', 'den-norske-isbilen')).data![0].place_name).toContain('Bergen');
  });
});

describe('geocode reverse without a provider configured', () => {
  const reverse = (member: DemoMember, lat: number | string, lng: number | string, tenant = 'hjem-is') =>
    member.client.functions.invoke<AddressResult[]>(`geocode?tenant=${tenant}&lat=${lat}&lng=${lng}`, {
      method: 'GET',
    });

  it('names the nearest stop or depo address of the country within 300 m of the point, else none', async () => {
    // 100 m south of the Glostrup depo (Glostrup centrum, 55.6666 N 12.4036 E).
    const { data, error } = await reverse(admin, 55.6657, 12.4036);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toEqual({
      place_name: expect.any(String),
      center: [expect.any(Number), expect.any(Number)],
      id: expect.stringMatching(/^(route_point|depo)\.\d+$/),
    });
    // In the North Sea nothing is near.
    expect((await reverse(admin, 56.5, 7.0)).data).toEqual([]);
    // Another country's addresses are not answered to a Danish tenant.
    const norway = await demoMember('den-norske-isbilen', 'admin');
    expect((await reverse(norway, 55.6666, 12.4036, 'den-norske-isbilen')).data).toEqual([]);
  });

  it('says which coordinate is wrong, and refuses drivers', async () => {
    const wrong = await reverse(admin, 91, 'east');
    expect(await statusOf(wrong)).toBe(422);
    expect(await ((wrong.error as FunctionsHttpError).context as Response).json()).toEqual({
      errors: { lat: ['is not a latitude'], lng: ['is not a number'] },
      full_errors: ['Lat is not a latitude', 'Lng is not a number'],
    });
    expect(await statusOf(await reverse(await demoMember('hjem-is', 'driver'), 55.6657, 12.4036))).toBe(403);
  });
});

describe('geocode: input and access', () => {
  it('starts at 3 characters, and says which input is wrong', async () => {
    expect((await search(admin, 'local', 'ki')).data).toEqual([]);
    expect((await search(admin, 'global', '')).data).toEqual([]);
    const wrong = await search(admin, 'nearby', 'kirkevej');
    expect(await statusOf(wrong)).toBe(422);
    expect(await ((wrong.error as FunctionsHttpError).context as Response).json()).toEqual({
      errors: { type: ['is not included in the list'] },
      full_errors: ['Type is not included in the list'],
    });
  });

  it('refuses drivers and members of other tenants', async () => {
    expect(await statusOf(await search(await demoMember('hjem-is', 'driver'), 'local', 'kirkevej'))).toBe(403);
    expect(await statusOf(await search(await demoMember('romania', 'admin'), 'local', 'kirkevej'))).toBe(403);
    const support = await demoMember('hjem-is', 'support');
    expect((await search(support, 'local', 'kirkevej')).error).toBeNull();
  });
});
