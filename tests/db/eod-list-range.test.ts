import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin } from './trip-world.ts';
import { createEodWorld, type EodWorld } from './eod-world.ts';

// The EOD list bounded by its date range (migration 20261130020000_eod_list_by_date.sql): the same rows, in the same
// order, as the list's query before it (kept below as the reference), for every tab, range edge, car filter and page,
// as the tenant's admin sees them through row-level security.

const BEFORE = `
  select e.id, e.status, e.plan_event_id, pe.date, r.name, e.car_id, c.internal_number, e.user_id,
         nullif(trim(sp.first_name || ' ' || sp.last_name), ''), coalesce(m.wallmob_id, '') <> '',
         nullif(trim(ap.first_name || ' ' || ap.last_name), ''), e.stock_transfer_id, cr.name, e.start_at, e.end_at, e.final_total
    from public.end_of_day_reports e
    join public.tenants t on t.id = e.tenant_id
    left join public.plan_events pe on pe.tenant_id = e.tenant_id and pe.id = e.plan_event_id
    left join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    left join public.cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
    left join public.cash_registers cr on cr.tenant_id = e.tenant_id and cr.id = e.cash_register_id
    left join public.staff_profiles sp on sp.user_id = e.user_id
    left join public.tenant_memberships m on m.tenant_id = e.tenant_id and m.user_id = e.user_id
    left join public.staff_profiles ap on ap.user_id = e.processed_by
   where e.depo_id = $1
     and case $2::text
           when 'unapproved' then e.plan_event_id is not null and not e.is_approved
           when 'approved' then e.is_approved
           when 'unmapped' then e.plan_event_id is null and not e.is_approved
           else false
         end
     and coalesce(pe.date, (e.start_at at time zone t.time_zone)::date) between $3::date and greatest($3::date, $4::date)
     and ($5::bigint[] is null or cardinality($5::bigint[]) = 0 or e.car_id = any ($5::bigint[]))
   order by coalesce(pe.date, (e.start_at at time zone t.time_zone)::date) desc, e.id desc
   limit 25 offset 25 * (greatest(coalesce($6::int, 1), 1) - 1)`;

const AFTER = 'select * from public.end_of_day_report_list($1, $2, $3, $4, $5, $6)';

let world: EodWorld;
/** The tenant's today (Copenhagen) as the database has it, so day offsets hold on any day and hour. */
let today: string;

const dayOf = (offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  world = await createEodWorld();
  today = await asAdmin(
    async (db) =>
      (
        await db.query<{ d: string }>(
          `select to_char((now() at time zone 'Europe/Copenhagen')::date, 'YYYY-MM-DD') as d`,
        )
      ).rows[0].d,
  );
  // Reports with a trip on days in and around a 30-day range, every other one approved.
  const offsets = [0, -1, -10, -29, -30, -31, -45, -60, -100];
  for (const [i, offset] of offsets.entries()) {
    const trip = await world.trip({ dayOffset: offset });
    const id = await world.report(trip.planEventId, []);
    if (i % 2 === 1) await approve(id);
  }
  // Reports without a trip starting right at the local day edges of the range (and a second past them).
  const starts = [
    `${dayOf(-30)} 00:00:00`,
    `${dayOf(-31)} 23:59:59`,
    `${dayOf(0)} 23:59:59`,
    `${dayOf(1)} 00:00:00`,
    `${dayOf(-15)} 12:00:00`,
    `${dayOf(-15)} 01:30:00`,
    `${dayOf(-200)} 08:00:00`,
  ];
  for (const [i, local] of starts.entries()) {
    await asAdmin(async (db) => {
      await db.query(
        `insert into public.end_of_day_reports (tenant_id, depo_id, car_id, user_id, cash_register_id, start_at, end_at, status)
         values ($1, $2, $3, $4, $5, ($6::timestamp at time zone 'Europe/Copenhagen'), ($6::timestamp at time zone 'Europe/Copenhagen') + interval '8 hours', $7)`,
        [
          world.tenantId,
          world.depoId,
          world.carId,
          world.driverId,
          world.cashRegisterId,
          local,
          i % 2 === 0 ? 'approved' : 'pending',
        ],
      );
    });
  }
}, 120_000);

afterAll(async () => {
  await world?.drop();
});

async function approve(id: number) {
  await asAdmin((db) =>
    db.query(`update public.end_of_day_reports set status = 'approved', processed_by = $2 where id = $1`, [
      id,
      world.adminId,
    ]),
  );
}

/** Both queries in one transaction as the tenant's admin (row-level security on). */
async function bothAsAdmin(args: unknown[]) {
  return asAdmin(async (db) => {
    await db.query('begin');
    try {
      await db.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ sub: world.adminId, role: 'authenticated' }),
      ]);
      const before = (await db.query({ text: BEFORE, values: args, rowMode: 'array' })).rows;
      const after = (await db.query({ text: AFTER, values: args, rowMode: 'array' })).rows;
      return { before, after };
    } finally {
      await db.query('rollback');
    }
  });
}

describe('end_of_day_report_list bounded by its range', () => {
  it('answers what the unbounded list answered for every tab, range edge, car filter and page', async () => {
    const ranges: Array<[string, string]> = [
      [dayOf(-30), dayOf(0)],
      [dayOf(-31), dayOf(-29)],
      [dayOf(-15), dayOf(-15)],
      [dayOf(0), dayOf(-5)],
      [dayOf(-400), dayOf(400)],
      [dayOf(1), dayOf(1)],
      ['0001-01-01', '9999-12-31'],
    ];
    let nonEmpty = 0;
    for (const tab of ['approved', 'unapproved', 'unmapped', 'other']) {
      for (const [start, end] of ranges) {
        for (const cars of [null, [], [world.carId], [-1]]) {
          for (const page of [1, 2, 0]) {
            const { before, after } = await bothAsAdmin([world.depoId, tab, start, end, cars, page]);
            expect(after, `${tab} ${start}..${end} cars ${JSON.stringify(cars)} page ${page}`).toEqual(before);
            if (before.length > 0) nonEmpty += 1;
          }
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
  }, 120_000);

  it('keeps a page at 25 rows in the same order as before', async () => {
    for (let i = 0; i < 30; i += 1) {
      await asAdmin((db) =>
        db.query(
          `insert into public.end_of_day_reports (tenant_id, depo_id, car_id, user_id, cash_register_id, start_at, end_at, status)
         values ($1, $2, $3, $4, $5, now() - make_interval(days => $6), now() - make_interval(days => $6) + interval '1 hour', 'approved')`,
          [world.tenantId, world.depoId, world.carId, world.driverId, world.cashRegisterId, i % 20],
        ),
      );
    }
    for (const page of [1, 2, 3]) {
      const { before, after } = await bothAsAdmin([world.depoId, 'approved', dayOf(-30), dayOf(0), null, page]);
      expect(after).toEqual(before);
      if (page === 1) expect(after).toHaveLength(25);
    }
  }, 60_000);

  it("answers nothing for another tenant's depo", async () => {
    const other = await createEodWorld();
    try {
      const trip = await other.trip({ dayOffset: -2 });
      await other.report(trip.planEventId, []);
      const foreign = await world.admin.rpc('end_of_day_report_list', {
        p_depo_id: other.depoId,
        p_tab: 'unapproved',
        p_start: dayOf(-30),
        p_end: dayOf(0),
        p_car_ids: [],
        p_page: 1,
      });
      expect(foreign.error).toBeNull();
      expect(foreign.data).toEqual([]);
      const own = await other.admin.rpc('end_of_day_report_list', {
        p_depo_id: other.depoId,
        p_tab: 'unapproved',
        p_start: dayOf(-30),
        p_end: dayOf(0),
        p_car_ids: [],
        p_page: 1,
      });
      expect(own.data).toHaveLength(1);
    } finally {
      await other.drop();
    }
  }, 60_000);
});
