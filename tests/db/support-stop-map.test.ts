import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, client } from '../support/clients.ts';
import type { Database } from '../../src/shared/supabase/database.types.ts';
import { demoMember, type DemoMember } from './roles.ts';

type Functions = Database['public']['Functions'];
type Stop = Functions['support_stop_map_stops']['Returns'][number];
type NextEvent = Functions['support_stop_next_events']['Returns'][number];

// The support stop map's calls (migration 20261125040100_support_stop_map.sql) and the tenant map region
// (20261125040000), on the demo world: who may ask, which depos and days come back, and what anon gets.

const members = new Map<string, DemoMember>();
// Glostrup, a depo town of hjem-is.
const near = { near_lat: 55.6666, near_lng: 12.4036 };
let today: string;
let laterDay: string;

beforeAll(async () => {
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  ({ today, laterDay } = await asPostgres(async (db) => {
    const row = (
      await db.query<{ today: string; later: string }>(
        `select (now() at time zone t.time_zone)::date::text as today,
                (select min(coalesce(p.arrival_date, pe.date))::text from public.plan_event_route_points p
                   join public.plan_events pe on pe.id = p.plan_event_id
                  where p.tenant_id = t.id and coalesce(p.arrival_date, pe.date) > (now() at time zone t.time_zone)::date) as later
           from public.tenants t where t.slug = 'hjem-is'`,
      )
    ).rows[0];
    return { today: row.today, laterDay: row.later };
  }));
}, 60_000);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
});

const stopsAround = async (
  who: string,
  args: { near_lat: number; near_lng: number; today?: boolean; specific_day?: string },
) => {
  const { data, error } = await members
    .get(who)!
    .client.rpc('support_stop_map_stops', { tenant_slug: 'hjem-is', ...args });
  return { data: data as Stop[] | null, error };
};
const stops = (who: string, args: { today?: boolean; specific_day?: string } = {}) =>
  stopsAround(who, { ...near, ...args });
const nextEvents = async (who: string, stopId: number) => {
  const { data, error } = await members
    .get(who)!
    .client.rpc('support_stop_next_events', { tenant_slug: 'hjem-is', stop_id: stopId });
  return { data: data as NextEvent[] | null, error };
};

describe('support_stop_map_stops', () => {
  it('gives an admin the nearest upcoming stops of every depo, nearest first, with depo, route, driver and car', async () => {
    const { data, error } = await stops('admin');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.every((s) => s.arrival_date >= today)).toBe(true);
    const distances = data!.map((s) => s.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const first = data![0];
    expect(first.depo_name).toBeTruthy();
    expect(first.route_name).toBeTruthy();
    expect(first.internal_number).toBeTruthy();
    expect(first.license_number).toBeTruthy();
    // One marker per place: its next visit only.
    const places = data!.map((s) => `${s.lat},${s.lng},${s.route_name}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it('gives support and depo admins only the depos they work in', async () => {
    for (const who of ['support', 'depo_admin']) {
      const member = members.get(who)!;
      const { data, error } = await stops(who);
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThan(0);
      expect(data!.every((s) => member.depoIds.includes(s.depo_id))).toBe(true);
    }
    const admin = (await stops('admin')).data!;
    const support = members.get('support')!;
    // Far from the support member's depo, the admin still gets stops of the other depos (Odense).
    const farAway = await stopsAround('admin', { near_lat: 55.4038, near_lng: 10.4024 });
    expect(farAway.data!.some((s) => !support.depoIds.includes(s.depo_id))).toBe(true);
    expect(admin.length).toBeGreaterThan(0);
  });

  it('answers "All stops" as the whole set of next visits sorted by distance would (the nearest-first walk, 20261129100000)', async () => {
    // The reference is the definition before the walk: every place's next coming visit in the member's depos,
    // nearest first. Far from every stop (Odense for support's depo) the walk has to grow several times.
    for (const [who, point] of [
      ['admin', near],
      ['support', near],
      ['support', { near_lat: 55.4038, near_lng: 10.4024 }],
    ] as const) {
      const depoIds = members.get(who)!.depoIds;
      const expected = await asPostgres(
        async (db) =>
          (
            await db.query<{ id: string; distance: number }>(
              `with upcoming as (
               select distinct on (coalesce(p.route_point_id, -p.id)) p.id, p.lat, p.lng, coalesce(p.arrival_date, pe.date) as visit_date
                 from public.plan_event_route_points p
                 join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
                 join public.tenants t on t.id = p.tenant_id
                where t.slug = 'hjem-is' and p.depo_id = any ($3::bigint[]) and p.lat is not null and p.lng is not null
                  and coalesce(p.arrival_date, pe.date) >= (now() at time zone t.time_zone)::date
                order by coalesce(p.route_point_id, -p.id), coalesce(p.arrival_date, pe.date), p.google_estimate_time nulls last)
             select u.id, app_private.meters_between($1, $2, u.lat, u.lng) as distance from upcoming u
              order by 2, u.visit_date limit app_private.support_map_marker_limit()`,
              [point.near_lat, point.near_lng, depoIds],
            )
          ).rows,
      );
      const { data, error } = await stopsAround(who, point);
      expect(error).toBeNull();
      expect(data!.map((s) => s.distance)).toEqual(expected.map((s) => s.distance));
      // Places at the same distance may come in either order; apart from the last distance (a tie may cut either
      // way at the limit) the same stops come back.
      const last = expected.at(-1)!.distance;
      const ids = (rows: { id: string | number; distance: number }[]) =>
        rows
          .filter((s) => s.distance < last)
          .map((s) => Number(s.id))
          .sort();
      expect(ids(data!)).toEqual(ids(expected));
    }
  });

  it("answers a day as the whole set of that day's places sorted by distance would (nearest first, 20261130030000)", async () => {
    // The reference is the definition before the day's walk was cut to the marker limit: one marker per place
    // (its first visit of the day), the nearest of all of them.
    for (const [who, day] of [
      ['admin', today],
      ['admin', laterDay],
      ['support', laterDay],
    ] as const) {
      const depoIds = members.get(who)!.depoIds;
      const expected = await asPostgres(
        async (db) =>
          (
            await db.query<{ id: string; distance: number }>(
              `with places as (
               select distinct on (coalesce(p.route_point_id, -p.id)) p.id, p.lat, p.lng
                 from public.plan_event_route_points p
                 join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
                 join public.tenants t on t.id = p.tenant_id
                where t.slug = 'hjem-is' and p.depo_id = any ($3::bigint[]) and p.lat is not null and p.lng is not null
                  and coalesce(p.arrival_date, pe.date) = $4::date
                order by coalesce(p.route_point_id, -p.id), p.google_estimate_time nulls last)
             select u.id, app_private.meters_between($1, $2, u.lat, u.lng) as distance from places u
              order by 2 limit app_private.support_map_marker_limit()`,
              [near.near_lat, near.near_lng, depoIds, day],
            )
          ).rows,
      );
      const { data, error } = await stops(who, day === today ? { today: true } : { specific_day: day });
      expect(error).toBeNull();
      expect(data!.map((s) => s.distance)).toEqual(expected.map((s) => s.distance));
      const last = expected.at(-1)?.distance ?? 0;
      const ids = (rows: { id: string | number; distance: number }[]) =>
        rows
          .filter((s) => s.distance < last)
          .map((s) => Number(s.id))
          .sort();
      expect(ids(data!)).toEqual(ids(expected));
    }
  });

  it('filters to today, or to one specific day', async () => {
    const onToday = await stops('support', { today: true });
    expect(onToday.error).toBeNull();
    expect(onToday.data!.every((s) => s.arrival_date === today)).toBe(true);
    const onDay = await stops('support', { specific_day: laterDay });
    expect(onDay.error).toBeNull();
    expect(onDay.data!.length).toBeGreaterThan(0);
    expect(onDay.data!.every((s) => s.arrival_date === laterDay)).toBe(true);
  });

  it('refuses drivers, members of another tenant and anon', async () => {
    for (const who of ['driver', 'foreign admin']) {
      const { data, error } = await stops(who);
      expect(data).toBeNull();
      expect(error?.message).toBe('You are not authorized to access this page.');
    }
    const anon = await client().rpc('support_stop_map_stops', { tenant_slug: 'hjem-is', ...near });
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });
});

describe('support_stop_next_events', () => {
  it('lists the next plan events visiting a stop, from today on, with route names', async () => {
    const stop = (await stops('support')).data![0];
    const { data, error } = await nextEvents('support', stop.id);
    expect(error).toBeNull();
    expect(data!.map((e) => e.id)).toContain(stop.plan_event_id);
    expect(data!.every((e) => e.date >= today && e.route_name && e.depo_id === stop.depo_id)).toBe(true);
    const dates = data!.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('refuses a stop of another depo, another tenant, drivers and anon alike', async () => {
    const support = members.get('support')!;
    const foreignDepoStop = (await stopsAround('admin', { near_lat: 55.4038, near_lng: 10.4024 })).data!.find(
      (s) => !support.depoIds.includes(s.depo_id),
    )!;
    const refused = await nextEvents('support', foreignDepoStop.id);
    expect(refused.error?.message).toBe('You are not authorized to access this page.');
    for (const who of ['driver', 'foreign admin']) {
      const { error } = await nextEvents(who, foreignDepoStop.id);
      expect(error?.message).toBe('You are not authorized to access this page.');
    }
    const anon = await client().rpc('support_stop_next_events', {
      tenant_slug: 'hjem-is',
      stop_id: foreignDepoStop.id,
    });
    expect(anon.error?.code).toBe('42501');
  });
});

describe('tenant_map_region', () => {
  it("tells anyone, anon too, where a tenant's maps open; nothing for an unknown slug", async () => {
    const { data, error } = await client().rpc('tenant_map_region', { slug: 'hjem-is' });
    expect(error).toBeNull();
    expect(data).toEqual([{ map_center_lat: 56, map_center_lng: 10.5, map_zoom: 7, country_code: 'DK' }]);
    expect((await client().rpc('tenant_map_region', { slug: 'no-such-tenant' })).data).toEqual([]);
  });
});
