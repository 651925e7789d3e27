import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';
import { stackInfo } from '../support/stack-info.ts';
import { demoMember, type DemoMember } from './roles.ts';

// The B2B customers list (migration 20261122021120_b2b_customers_list.sql) against the demo data: every tab,
// filter and count is checked against the definitions computed here from the base tables.

type Tab = 'all' | 'in_route' | 'not_in_route' | 'in_calendar' | 'not_in_calendar';
const TABS: Tab[] = ['all', 'in_route', 'not_in_route', 'in_calendar', 'not_in_calendar'];

interface ListRow {
  id: number;
  customer_name: string;
  status: string;
  depo_ids: number[];
  depo_titles: string[];
  next_visit_dates: string[];
  route_names: string[];
  in_route: boolean;
  in_calendar: boolean;
}
interface Counts {
  all_count: number;
  in_route_count: number;
  not_in_route_count: number;
  in_calendar_count: number;
  not_in_calendar_count: number;
}
interface Filters {
  p_search_phrase?: string | null;
  p_depo_id?: number | null;
  p_status?: string | null;
}

let admin: DemoMember;
let foreignAdmin: DemoMember;
let support: DemoMember;
/** What each customer of hjem-is is, computed straight from routes and plan events. */
let lock: { release: () => Promise<void> } | undefined;
let truth: Map<
  number,
  {
    inRoute: boolean;
    inCalendar: boolean;
    status: string;
    depoIds: number[];
    searchText: string;
    nextVisits: string[];
    routes: string[];
  }
>;

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.end();
  }
}

async function page(member: DemoMember, tab: Tab, filters: Filters, pageNo: number): Promise<ListRow[]> {
  const { data, error } = await member.client.rpc('b2b_customers_page', {
    p_tenant_id: member.tenantId,
    p_tab: tab,
    p_page: pageNo,
    ...filters,
  });
  if (error) throw error;
  return data as ListRow[];
}

async function allPages(member: DemoMember, tab: Tab, filters: Filters): Promise<ListRow[]> {
  const rows: ListRow[] = [];
  for (let n = 1; ; n += 1) {
    const batch = await page(member, tab, filters, n);
    expect(batch.length).toBeLessThanOrEqual(25);
    rows.push(...batch);
    if (batch.length < 25) return rows;
  }
}

async function counts(member: DemoMember, filters: Filters): Promise<Counts> {
  const { data, error } = await member.client
    .rpc('b2b_customer_status_sizes', { p_tenant_id: member.tenantId, ...filters })
    .single();
  if (error) throw error;
  return data as Counts;
}

function expected(tab: Tab, filters: Filters): number[] {
  const phrase = filters.p_search_phrase?.trim().toLowerCase();
  return [...truth]
    .filter(([, c]) => filters.p_status == null || c.status === filters.p_status)
    .filter(([, c]) => filters.p_depo_id == null || c.depoIds.includes(filters.p_depo_id))
    .filter(([, c]) => !phrase || c.searchText.toLowerCase().includes(phrase))
    .filter(([, c]) =>
      tab === 'all'
        ? true
        : tab === 'in_route'
          ? c.inRoute
          : tab === 'not_in_route'
            ? !c.inRoute
            : tab === 'in_calendar'
              ? c.inCalendar
              : !c.inCalendar,
    )
    .map(([id]) => id)
    .sort((a, b) => a - b);
}

beforeAll(async () => {
  // The RLS matrix adds and removes B2B customers, routes and plan events of hjem-is: not while this counts them.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  [admin, foreignAdmin, support] = await Promise.all([
    demoMember('hjem-is', 'admin'),
    demoMember('den-norske-isbilen', 'admin'),
    demoMember('hjem-is', 'support'),
  ]);
  const rows = await query<{
    id: string;
    status: string;
    depo_ids: string[];
    search_text: string;
    in_route: boolean;
    next_visits: string[];
    routes: string[];
  }>(
    `with today as (select (now() at time zone t.time_zone)::date as d from public.tenants t where t.id = $1)
     select b.id, b.status,
            array(select cd.depo_id from public.b2b_customer_depos cd where cd.b2b_customer_id = b.id) as depo_ids,
            concat_ws(' ', b.customer_name, b.customer_number, b.shop_id, b.address, b.zip_code, b.phone, b.phone_2) as search_text,
            exists (select 1 from public.route_point_b2b_customers x
                      join public.route_points rp on rp.id = x.route_point_id and rp.deleted_at is null
                      join public.routes r on r.id = rp.route_id and r.deleted_at is null
                     where x.b2b_customer_id = b.id) as in_route,
            array(select distinct to_char(pe.date, 'YYYY-MM-DD') from public.route_point_b2b_customers x
                    join public.plan_event_route_points perp on perp.route_point_id = x.route_point_id
                    join public.plan_events pe on pe.id = perp.plan_event_id
                   where x.b2b_customer_id = b.id and pe.date >= (select d from today) order by 1) as next_visits,
            array(select distinct r.name from public.route_point_b2b_customers x
                    join public.route_points rp on rp.id = x.route_point_id and rp.deleted_at is null
                    join public.routes r on r.id = rp.route_id and r.deleted_at is null
                   where x.b2b_customer_id = b.id order by 1) as routes
       from public.b2b_customers b where b.tenant_id = $1`,
    [admin.tenantId],
  );
  truth = new Map(
    rows.map((r) => [
      Number(r.id),
      {
        inRoute: r.in_route,
        inCalendar: r.next_visits.length > 0,
        status: r.status,
        depoIds: r.depo_ids.map(Number),
        searchText: r.search_text,
        nextVisits: r.next_visits,
        routes: r.routes,
      },
    ]),
  );
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  for (const member of [admin, foreignAdmin, support]) await member?.client.auth.signOut({ scope: 'local' });
  await lock?.release();
});

describe('the B2B customers list', () => {
  it('has demo data that reaches every tab', () => {
    for (const tab of TABS) expect(expected(tab, { p_status: 'active' }).length, tab).toBeGreaterThan(0);
  });

  it.each<[string, Filters]>([
    ['active', { p_status: 'active' }],
    ['inactive', { p_status: 'inactive' }],
    ['any status', { p_status: null }],
    ['a depo', { p_status: 'active', p_depo_id: -1 }],
    ['a search phrase', { p_status: 'active', p_search_phrase: 'kiosk' }],
    ['a search over phones', { p_status: null, p_search_phrase: '3000' }],
    ['a search with LIKE wildcards taken literally', { p_status: null, p_search_phrase: '%_' }],
  ])('lists each tab and counts it the same way, for %s', async (_name, given) => {
    const filters = given.p_depo_id === -1 ? { ...given, p_depo_id: admin.depoIds[1] } : given;
    const sizes = await counts(admin, filters);
    const listed: Record<Tab, ListRow[]> = {} as Record<Tab, ListRow[]>;
    for (const tab of TABS) listed[tab] = await allPages(admin, tab, filters);
    for (const tab of TABS) {
      expect(
        listed[tab].map((r) => r.id).sort((a, b) => a - b),
        tab,
      ).toEqual(expected(tab, filters));
      expect(sizes[`${tab}_count` as keyof Counts], tab).toBe(listed[tab].length);
    }
    expect(sizes.in_route_count + sizes.not_in_route_count).toBe(sizes.all_count);
    expect(sizes.in_calendar_count + sizes.not_in_calendar_count).toBe(sizes.all_count);
    // The xlsx export selects through the same filter (app_private.b2b_customers_matching).
    for (const tab of TABS) {
      const { data: exported, error } = await admin.client.rpc('b2b_customers_export_count', {
        p_tenant_id: admin.tenantId,
        p_tab: tab,
        p_status: filters.p_status ?? null,
        p_depo_id: filters.p_depo_id ?? null,
        p_search_phrase: filters.p_search_phrase ?? null,
      });
      expect(error).toBeNull();
      expect(Number(exported), `export count, ${tab}`).toBe(listed[tab].length);
    }
  });

  it('shows depos, next visit dates from today and routes, in name order, 25 a page', async () => {
    const rows = await allPages(admin, 'all', { p_status: null });
    expect(rows.length).toBe(truth.size);
    const names = rows.map((r) => r.customer_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const row of rows) {
      const t = truth.get(row.id)!;
      expect(row.next_visit_dates).toEqual(t.nextVisits);
      expect(row.route_names).toEqual(t.routes);
      expect([...row.depo_ids].sort()).toEqual([...t.depoIds].sort());
      expect(row.depo_titles).toHaveLength(t.depoIds.length);
      expect(row.in_route).toBe(t.inRoute);
      expect(row.in_calendar).toBe(t.inCalendar);
    }
    expect(rows.some((r) => r.next_visit_dates.length > 1)).toBe(true);
  });

  it('refuses an unknown tab', async () => {
    const { error } = await admin.client.rpc('b2b_customers_page', { p_tenant_id: admin.tenantId, p_tab: 'someday' });
    expect(error?.code).toBe('22023');
  });

  it("shows nothing of a tenant to another tenant's admin, and nothing to anon", async () => {
    const { data } = await foreignAdmin.client.rpc('b2b_customers_page', {
      p_tenant_id: admin.tenantId,
      p_status: null,
    });
    expect(data).toEqual([]);
    const { data: sizes } = await foreignAdmin.client
      .rpc('b2b_customer_status_sizes', { p_tenant_id: admin.tenantId, p_status: null })
      .single();
    expect(sizes).toEqual({
      all_count: 0,
      in_route_count: 0,
      not_in_route_count: 0,
      in_calendar_count: 0,
      not_in_calendar_count: 0,
    });
    const anon = await client().rpc('b2b_customers_page', { p_tenant_id: admin.tenantId });
    expect(anon.error?.code).toBe('42501');
  });

  it('keeps the In Route and In calendar tabs right when routes, route points and plan events change', async () => {
    const db = new pg.Client({ connectionString: stackInfo().dbUrl });
    await db.connect();
    // Inside a transaction that is rolled back, so the shared demo data stays as it is.
    await db.query('begin');
    try {
      const flags = async (id: number) =>
        (
          await db.query<{ in_route: boolean; last_visit_on: string | null }>(
            `select in_route, to_char(last_visit_on, 'YYYY-MM-DD') as last_visit_on from public.b2b_customers where id = $1`,
            [id],
          )
        ).rows[0];
      // The tenant's own date: in Denmark it is tomorrow already from 23:00 UTC.
      const {
        rows: [{ today }],
      } = await db.query<{ today: string }>(
        `select to_char((now() at time zone t.time_zone)::date, 'YYYY-MM-DD') as today from public.tenants t where t.id = $1`,
        [admin.tenantId],
      );
      // A customer on exactly one route point, planned from today on.
      const {
        rows: [pick],
      } = await db.query<{ customer_id: number; route_point_id: number; route_id: number }>(
        `
        select x.b2b_customer_id as customer_id, x.route_point_id, rp.route_id
          from public.route_point_b2b_customers x join public.route_points rp on rp.id = x.route_point_id
         where x.tenant_id = $1 and (select count(*) from public.route_point_b2b_customers y where y.b2b_customer_id = x.b2b_customer_id) = 1
           and exists (select 1 from public.plan_event_route_points perp join public.plan_events pe on pe.id = perp.plan_event_id
                        where perp.route_point_id = x.route_point_id and pe.date >= $2::date)
         order by x.b2b_customer_id limit 1`,
        [admin.tenantId, today],
      );
      const id = Number(pick.customer_id);
      expect(await flags(id)).toMatchObject({ in_route: true });
      expect((await flags(id)).last_visit_on! >= today).toBe(true);

      await db.query('update public.routes set deleted_at = now() where id = $1', [pick.route_id]);
      expect((await flags(id)).in_route).toBe(false);
      await db.query('update public.routes set deleted_at = null where id = $1', [pick.route_id]);
      expect((await flags(id)).in_route).toBe(true);
      await db.query('update public.route_points set deleted_at = now() where id = $1', [pick.route_point_id]);
      expect((await flags(id)).in_route).toBe(false);
      await db.query('update public.route_points set deleted_at = null where id = $1', [pick.route_point_id]);

      // Unplanned from every event: the last visit is the latest earlier one, or none.
      await db.query('delete from public.plan_event_route_points where route_point_id = $1', [pick.route_point_id]);
      expect((await flags(id)).last_visit_on).toBeNull();

      // Off the route: not in route; back on it: in route again.
      await db.query('delete from public.route_point_b2b_customers where b2b_customer_id = $1', [id]);
      expect(await flags(id)).toEqual({ in_route: false, last_visit_on: null });
      await db.query(
        'insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id) select tenant_id, id, $2, depo_id from public.route_points where id = $1',
        [pick.route_point_id, id],
      );
      expect((await flags(id)).in_route).toBe(true);

      // The depo filter's copy of the customer's depos follows b2b_customer_depos.
      const depoIds = async () =>
        (
          await db.query<{ depo_ids: string[] }>('select depo_ids from public.b2b_customers where id = $1', [id])
        ).rows[0].depo_ids.map(Number);
      const before = await depoIds();
      const {
        rows: [otherDepo],
      } = await db.query<{ id: string }>(
        'select id from public.depos where tenant_id = $1 and not (id = any ($2::bigint[])) order by id limit 1',
        [admin.tenantId, before],
      );
      await db.query(
        'insert into public.b2b_customer_depos (tenant_id, b2b_customer_id, depo_id) values ($1, $2, $3)',
        [admin.tenantId, id, otherDepo.id],
      );
      expect(await depoIds()).toEqual([...before, Number(otherDepo.id)].sort((a, b) => a - b));
      await db.query('delete from public.b2b_customer_depos where b2b_customer_id = $1', [id]);
      expect(await depoIds()).toEqual([]);

      // Planned again via a plan event of the route, then the event moved a week on.
      const {
        rows: [event],
      } = await db.query<{ id: number; date: string }>(
        `
        select pe.id, to_char(pe.date, 'YYYY-MM-DD') as date from public.plan_events pe where pe.route_id = $1 order by pe.date desc limit 1`,
        [pick.route_id],
      );
      await db.query(
        `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position)
                      select pe.tenant_id, pe.id, $2, pe.depo_id, 999 from public.plan_events pe where pe.id = $1`,
        [event.id, pick.route_point_id],
      );
      expect((await flags(id)).last_visit_on).toBe(event.date);
      // A week after the last trip of the route and of the driver, so neither is booked twice that day.
      const {
        rows: [{ moved }],
      } = await db.query<{ moved: string }>(
        `
        update public.plan_events pe
           set date = (select max(x.date) from public.plan_events x where x.tenant_id = pe.tenant_id and (x.route_id = pe.route_id or x.user_id = pe.user_id)) + 7
         where pe.id = $1 returning to_char(pe.date, 'YYYY-MM-DD') as moved`,
        [event.id],
      );
      expect(moved > event.date).toBe(true);
      expect((await flags(id)).last_visit_on).toBe(moved);
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });
});

describe('B2B customer writes', () => {
  it('lets an admin create, change and delete where the tenant edits B2B customers, with Name and Account Number', async () => {
    const number = `T-${randomUUID().slice(0, 8)}`;
    const { data: created, error } = await admin.client
      .from('b2b_customers')
      .insert({ tenant_id: admin.tenantId, customer_name: 'Test Kiosk', customer_number: number })
      .select()
      .single();
    expect(error).toBeNull();
    expect(created).toMatchObject({
      customer_name: 'Test Kiosk',
      customer_number: number,
      status: 'active',
      in_route: false,
      last_visit_on: null,
    });
    const changed = await admin.client
      .from('b2b_customers')
      .update({ notes_about_customer: 'Opens late' })
      .eq('id', created!.id)
      .select();
    expect(changed.data).toHaveLength(1);
    const derived = await admin.client.from('b2b_customers').update({ in_route: true }).eq('id', created!.id);
    expect(derived.error?.code).toBe('42501');
    const removed = await admin.client.from('b2b_customers').delete().eq('id', created!.id).select();
    expect(removed.data).toHaveLength(1);
  });

  it('refuses the writes where the tenant flag is off, and to non-admins', async () => {
    const flags = await query<{ slug: string; can_edit_b2b_customers: boolean }>(
      `select slug, can_edit_b2b_customers from public.tenants where slug in ('hjem-is', 'den-norske-isbilen') order by slug`,
    );
    expect(flags).toEqual([
      { slug: 'den-norske-isbilen', can_edit_b2b_customers: false },
      { slug: 'hjem-is', can_edit_b2b_customers: true },
    ]);

    const insert = await foreignAdmin.client.from('b2b_customers').insert({
      tenant_id: foreignAdmin.tenantId,
      customer_name: 'Not here',
      customer_number: `N-${randomUUID().slice(0, 8)}`,
    });
    expect(insert.error?.code).toBe('42501');
    const { data: own } = await foreignAdmin.client.from('b2b_customers').select('id').limit(1).single();
    const update = await foreignAdmin.client
      .from('b2b_customers')
      .update({ notes_about_customer: 'x' })
      .eq('id', own!.id)
      .select();
    expect(update.data).toEqual([]);
    const remove = await foreignAdmin.client.from('b2b_customers').delete().eq('id', own!.id).select();
    expect(remove.data).toEqual([]);

    const bySupport = await support.client.from('b2b_customers').insert({
      tenant_id: support.tenantId,
      customer_name: 'Support',
      customer_number: `S-${randomUUID().slice(0, 8)}`,
    });
    expect(bySupport.error?.code).toBe('42501');
  });
});
