import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember, type DemoMember } from '../../../db/roles.ts';
import { asPostgres } from '../../../support/clients.ts';
import { stackInfo } from '../../../support/stack-info.ts';
import { readWorkbook } from './support/xlsx.ts';
import { createThrowawayTenant, type ThrowawayTenant } from './support/throwaway-tenant.ts';

const HEADER = [
  'Shop ID',
  'Segmentation',
  'Customer Name',
  'Account Number',
  'Address',
  'Zip code',
  'Phone',
  'Depos',
  'Next visit dates',
  'Routes',
];
const TABS = ['all', 'in_route', 'not_in_route', 'in_calendar', 'not_in_calendar'] as const;
type Tab = (typeof TABS)[number];
interface Filter {
  status?: string;
  depo?: number;
  search_phrase?: string;
  tab?: Tab;
}

async function accessTokenOf(userClient: SupabaseClient): Promise<string> {
  return (await userClient.auth.getSession()).data.session!.access_token;
}

/** The export as the browser fetches it (raw fetch: the answer is a stream of bytes, not JSON). */
async function exportXlsx(userClient: SupabaseClient, tenant: string, filter: Filter = {}) {
  const query = new URLSearchParams({
    tenant,
    ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])),
  });
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/b2b-customers-export?${query}`, {
    headers: { Authorization: `Bearer ${await accessTokenOf(userClient)}`, apikey: stackInfo().anonKey },
  });
  return response;
}

async function exportRows(userClient: SupabaseClient, tenant: string, filter: Filter = {}) {
  const response = await exportXlsx(userClient, tenant, filter);
  expect(response.status).toBe(200);
  const total = Number(response.headers.get('x-total-rows'));
  const { rows } = readWorkbook(Buffer.from(await response.arrayBuffer()));
  expect(rows[0]).toEqual(HEADER);
  return { total, rows: rows.slice(1), response };
}

/** How many customers the B2B list itself shows for a filter: its tab counts (b2b_customer_status_sizes). */
async function listCount(userClient: SupabaseClient, tenantId: string, filter: Filter): Promise<number> {
  const { data, error } = await userClient.rpc('b2b_customer_status_sizes', {
    p_tenant_id: tenantId,
    p_depo_id: filter.depo ?? null,
    p_status: filter.status === '' ? null : (filter.status ?? 'active'),
    p_search_phrase: filter.search_phrase ?? null,
  });
  if (error) throw new Error(`b2b_customer_status_sizes: ${error.message}`);
  return Number((data as Record<string, number>[])[0][`${filter.tab ?? 'all'}_count`]);
}

let tenant: ThrowawayTenant;
let hjemIs: DemoMember;

beforeAll(async () => {
  hjemIs = await demoMember('hjem-is', 'admin');
  // 2,500 shops in a tenant of their own: several export pages, names shared by many shops (the keyset's tie
  // break), two depos, a seventh inactive, a third on a route.
  tenant = await createThrowawayTenant({ depos: 2 });
  await asPostgres(async (db) => {
    await db.query(
      `insert into public.b2b_customers (tenant_id, customer_name, customer_number, shop_id, segmentation, address, zip_code, phone, phone_2, status)
       select $1, (array['Kiosk', 'Café', 'Bageri & Co <Øst>'])[1 + n % 3] || ' ' || (n % 40), 'T' || lpad(n::text, 5, '0'), 'S' || n,
              case when n % 2 = 0 then 'A' end, 'Testvej ' || n || ', Testby', (1000 + n)::text, '+45' || (30000000 + n),
              case when n % 5 = 0 then '+45' || (40000000 + n) end,
              case when n % 7 = 0 then 'inactive' else 'active' end::public.active_status
       from generate_series(1, 2500) n`,
      [tenant.id],
    );
    await db.query(
      `insert into public.b2b_customer_depos (tenant_id, b2b_customer_id, depo_id)
       select b.tenant_id, b.id, ($2::bigint[])[1 + (substr(b.customer_number, 2)::int % 2)] from public.b2b_customers b where b.tenant_id = $1`,
      [tenant.id, tenant.depoIds],
    );
    const routeId = (
      await db.query<{ id: string }>(
        `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, 'Testrute Nord') returning id`,
        [tenant.id, tenant.depoIds[0]],
      )
    ).rows[0].id;
    await db.query(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address) select $1, $2, $3, n, 'Stop ' || n from generate_series(1, 50) n`,
      [tenant.id, routeId, tenant.depoIds[0]],
    );
    await db.query(
      `insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
       select b.tenant_id, (select rp.id from public.route_points rp where rp.tenant_id = b.tenant_id order by rp.id offset (b.id % 50) limit 1), b.id, $2
       from public.b2b_customers b where b.tenant_id = $1 and substr(b.customer_number, 2)::int % 3 = 0`,
      [tenant.id, tenant.depoIds[0]],
    );
  });
});

afterAll(async () => {
  await tenant?.drop();
});

describe('b2b-customers-export', () => {
  it('streams an xlsx of exactly the filtered list, in list order, with its row count first', async () => {
    const { total, rows, response } = await exportRows(tenant.admin.client, tenant.slug, { status: 'active' });
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="b2b_customers_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Total-Rows');
    const listed = await listCount(tenant.admin.client, tenant.id, { status: 'active' });
    expect(listed).toBe(2500 - Math.floor(2500 / 7));
    expect(total).toBe(listed);
    expect(rows.length).toBe(listed);

    // The list's order (name, then id), every shop once.
    const expected = await asPostgres(
      async (db) =>
        (
          await db.query<{ customer_number: string }>(
            `select customer_number from public.b2b_customers where tenant_id = $1 and status = 'active' order by customer_name, id`,
            [tenant.id],
          )
        ).rows,
    );
    expect(rows.map((row) => row[3])).toEqual(expected.map((row) => row.customer_number));
  });

  it("writes the list's columns for each shop", async () => {
    const onRoute = await exportRows(tenant.admin.client, tenant.slug, { status: 'active', search_phrase: 'T00015' });
    expect(onRoute.rows).toEqual([
      [
        'S15',
        '',
        'Kiosk 15',
        'T00015',
        'Testvej 15, Testby',
        '1015',
        '+4530000015, +4540000015',
        'Depo 2',
        '',
        'Testrute Nord',
      ],
    ]);
    const escaped = await exportRows(tenant.admin.client, tenant.slug, { status: 'active', search_phrase: 'T00017' });
    expect(escaped.rows).toEqual([
      ['S17', '', 'Bageri & Co <Øst> 17', 'T00017', 'Testvej 17, Testby', '1017', '+4530000017', 'Depo 2', '', ''],
    ]);
  });

  it('applies status, depo, search phrase and tab exactly like the list', async () => {
    const filters: Filter[] = [
      { status: 'inactive' },
      { status: 'active', tab: 'in_route' },
      { status: 'active', tab: 'not_in_route', depo: tenant.depoIds[1] },
      { status: 'active', search_phrase: 'kiosk 1', tab: 'in_route' },
      { status: 'active', search_phrase: '+4530001' },
      { status: 'active', depo: tenant.depoIds[0], search_phrase: 'café' },
    ];
    for (const filter of filters) {
      const { total, rows } = await exportRows(tenant.admin.client, tenant.slug, filter);
      const listed = await listCount(tenant.admin.client, tenant.id, filter);
      expect({ filter, total, rows: rows.length }).toEqual({ filter, total: listed, rows: listed });
      expect(listed).toBeGreaterThan(0);
    }
  });

  it("matches every tab of a demo tenant, next visit dates in the tenant's date format", async () => {
    for (const tab of TABS) {
      const { total, rows } = await exportRows(hjemIs.client, 'hjem-is', { status: 'active', tab });
      const listed = await listCount(hjemIs.client, hjemIs.tenantId, { status: 'active', tab });
      expect({ tab, total, rows: rows.length }).toEqual({ tab, total: listed, rows: listed });
      if (tab === 'in_calendar')
        expect(rows.every((row) => /^\d{2}-\d{2}-\d{4}(, \d{2}-\d{2}-\d{4})*$/.test(row[8]))).toBe(true);
      if (tab === 'not_in_route') expect(rows.every((row) => row[9] === '')).toBe(true);
    }
    // Without a status it is the list's default, Active; an empty status is any status.
    expect((await exportRows(hjemIs.client, 'hjem-is')).total).toBe(
      await listCount(hjemIs.client, hjemIs.tenantId, {}),
    );
    const anyStatus = await exportRows(hjemIs.client, 'hjem-is', { status: '' });
    expect(anyStatus.total).toBe(await listCount(hjemIs.client, hjemIs.tenantId, { status: '' }));
    expect(anyStatus.total).toBeGreaterThan(await listCount(hjemIs.client, hjemIs.tenantId, { status: 'active' }));
  });

  it('survives a download cancelled half way', async () => {
    const response = await exportXlsx(tenant.admin.client, tenant.slug, { status: '' });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const { total, rows } = await exportRows(tenant.admin.client, tenant.slug, { status: '' });
    expect(rows.length).toBe(total);
  });

  it('is for admins, depo admins and support of the tenant; says which filter is wrong', async () => {
    const support = await demoMember('hjem-is', 'support');
    expect((await exportXlsx(support.client, 'hjem-is')).status).toBe(200);
    expect((await exportXlsx((await demoMember('hjem-is', 'driver')).client, 'hjem-is')).status).toBe(403);
    expect((await exportXlsx(hjemIs.client, tenant.slug)).status).toBe(403);
    const anonymous = await fetch(`${stackInfo().apiUrl}/functions/v1/b2b-customers-export?tenant=hjem-is`, {
      headers: { Authorization: `Bearer ${stackInfo().anonKey}` },
    });
    expect(anonymous.status).toBe(401);
    const wrong = await exportXlsx(hjemIs.client, 'hjem-is', {
      tab: 'somewhere' as Tab,
      depo: 'x' as unknown as number,
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({
      errors: { depo: ['is invalid'], tab: ['is not included in the list'] },
      full_errors: ['Depo is invalid', 'Tab is not included in the list'],
    });
  });
});
