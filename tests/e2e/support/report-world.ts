import { randomInt, randomUUID } from 'node:crypto';
import { sql } from './admin-core-db.ts';
import { createStaffUser, deleteStaffUser, type StaffUser } from './staff.ts';

/** The stops of a report plan event, in order, and the status each must show. */
export const REPORT_STOPS = [
  { address: 'Algade 1', visited: true, status: 'visited' },
  { address: 'Borgergade 2', visited: false, status: 'skipped' },
  { address: 'Christiansgade 3', visited: true, status: 'eshop' },
  { address: 'Unplanned sale 4', visited: true, status: 'unplanned' },
  { address: 'Dalgade 5', visited: null, status: 'planned' },
] as const;

export interface ReportPlanEvent {
  id: number;
  depoId: number;
  carId: number;
  routeName: string;
  /** The converted route's name: the route's name and the date, DD-MM-YYYY. */
  title: string;
}

/**
 * Plan events of their own in a tenant's first depo (every demo role of hjem-is works there), driven by a member
 * made for them: a route with four points, and stops visited, skipped, an e-shop delivery, an unplanned sale and
 * one not reached; an end-of-day report of 1234.50 on request. `today` makes the trip today's, under way, with a
 * car of its own that has no position yet (the test moves it).
 */
export class ReportWorld {
  private driver: StaffUser | undefined;
  private readonly planEvents: number[] = [];
  private readonly routes: number[] = [];
  private readonly cars: number[] = [];
  private readonly tag = `E2E report ${randomUUID().slice(0, 6)}`;

  constructor(private readonly tenant: string) {}

  /** The member who drives the world's plan events (made with the first one), to sign in as the driver. */
  get member(): StaffUser {
    if (!this.driver) throw new Error('make a plan event first: its driver is made with it');
    return this.driver;
  }

  async planEvent(options: { today?: boolean; eod?: boolean } = {}): Promise<ReportPlanEvent> {
    this.driver ??= await createStaffUser({ tenant: this.tenant, role: 'driver' });
    const [depo] = await sql<{ id: string; tenant_id: string; today: string }>(
      `select d.id, d.tenant_id, (now() at time zone t.time_zone)::date::text as today
         from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = $1 order by d.id limit 1`,
      [this.tenant],
    );
    const depoId = Number(depo.id);
    const routeName = `${this.tag} ${this.routes.length + 1}`;
    const [route] = await sql<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
      [depo.tenant_id, depoId, routeName],
    );
    this.routes.push(Number(route.id));
    await sql(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, arrival_time)
       select $1, $2, $3, x.n::int, x.address, 56.45 + x.n * 0.004, 9.4 + x.n * 0.004, time '09:00' + make_interval(hours => x.n::int)
         from unnest($4::text[]) with ordinality x(address, n) where x.address not like 'Unplanned%'`,
      [depo.tenant_id, route.id, depoId, REPORT_STOPS.map((s) => s.address)],
    );
    const [car] = await sql<{ id: string }>(
      `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, $4) returning id`,
      [depo.tenant_id, depoId, `R-${randomUUID().slice(0, 6)}`, `RP ${randomInt(10_000, 99_999)}`],
    );
    this.cars.push(Number(car.id));
    // A past day nobody else plans on (one plan event per driver and date), or today under way.
    const date = options.today
      ? depo.today
      : new Date(Date.UTC(2012, 0, 1) + randomInt(0, 3000) * 86_400_000).toISOString().slice(0, 10);
    const [event] = await sql<{ id: string }>(
      `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, started_at)
       values ($1, $2, $3, $4, $5, $6, case when $7 then now() - interval '1 hour' else $3::date + time '08:00' end) returning id`,
      [depo.tenant_id, depoId, date, route.id, this.driver.id, car.id, options.today ?? false],
    );
    const id = Number(event.id);
    this.planEvents.push(id);
    await sql(
      `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                                   original_google_estimate_time, google_estimate_time, arrival_date, point_visited,
                                                   visited_at, actual_arrival_time, stop_duration)
       select $1, $2, rp.id, $3, p.n, x.address, 56.45 + p.n * 0.004, 9.4 + p.n * 0.004,
              $4::date + time '09:00' + make_interval(hours => p.n), $4::date + time '09:05' + make_interval(hours => p.n), $4::date,
              x.visited, case when x.visited then $4::date + time '09:07' + make_interval(hours => p.n) end,
              case when x.visited then $4::date + time '09:06' + make_interval(hours => p.n) end,
              case when x.visited then interval '4 minutes 30 seconds' end
         from unnest($5::text[], $6::boolean[]) with ordinality x(address, visited, ord)
         cross join lateral (select x.ord::int as n) p
         left join public.route_points rp on rp.route_id = $7 and rp.address = x.address`,
      [
        depo.tenant_id,
        id,
        depoId,
        date,
        REPORT_STOPS.map((s) => s.address),
        REPORT_STOPS.map((s) => s.visited),
        route.id,
      ],
    );
    await sql(
      `insert into public.webshop_orders (tenant_id, depo_id, kind, status, delivery_date, total, plan_event_route_point_id)
       select tenant_id, depo_id, 'eshop', 'completed', $2, 150, id from public.plan_event_route_points where plan_event_id = $1 and position = 3`,
      [id, date],
    );
    if (options.eod) {
      await sql(
        `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id, total, final_total)
         values ($1, $2, $3, $4, $5, 1234.5, 1234.5)`,
        [depo.tenant_id, depoId, id, car.id, this.driver.id],
      );
      // The trail the truck drove past the stops, as the live-positions engine keeps it.
      await sql(
        `insert into app_private.plan_event_trail_chunks (tenant_id, plan_event_id, chunk, encoded, points)
         select $1, $2, 0, app_private.encode_polyline(array_agg(56.45 + i * 0.001 order by i), array_agg(9.4 + i * 0.001 order by i)), 25
           from generate_series(0, 24) i`,
        [depo.tenant_id, id],
      );
    }
    const [yyyy, mm, dd] = date.split('-');
    return { id, depoId, carId: Number(car.id), routeName, title: `${routeName} ${dd}-${mm}-${yyyy}` };
  }

  /** A live route of the depo already named `name` (the convert refusal's case). */
  async takeName(depoId: number, name: string): Promise<void> {
    const [route] = await sql<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, $2 from public.depos where id = $1 returning id`,
      [depoId, name],
    );
    this.routes.push(Number(route.id));
  }

  /** The truck stopped at a stop meanwhile, as the live-positions engine records it. */
  async visit(planEventId: number, position: number): Promise<void> {
    await sql(
      `update public.plan_event_route_points set point_visited = true, visited_at = now(), actual_arrival_time = now() - interval '1 minute'
        where plan_event_id = $1 and position = $2`,
      [planEventId, position],
    );
  }

  /** A GPS fix of the car, as the GPS side writes it. */
  async moveCar(carId: number, at: { lat: number; lng: number }, recordedAt: Date): Promise<void> {
    await sql(
      `insert into public.car_positions (tenant_id, car_id, depo_id, recorded_at, lat, lng)
       select tenant_id, id, depo_id, $2, $3, $4 from public.cars where id = $1`,
      [carId, recordedAt.toISOString(), at.lat, at.lng],
    );
  }

  async drop(): Promise<void> {
    await sql('delete from public.end_of_day_reports where plan_event_id = any ($1)', [this.planEvents]);
    await sql('update public.plan_events set started_at = null where id = any ($1)', [this.planEvents]);
    await sql('delete from public.plan_events where id = any ($1)', [this.planEvents]);
    await sql('delete from public.car_positions where car_id = any ($1)', [this.cars]);
    await sql(
      `delete from public.routes where id = any ($1) or id in (select converted_route_id from public.plan_events where id = any ($2))`,
      [this.routes, this.planEvents],
    );
    await sql('delete from public.routes where name like $1', [`${this.tag}%`]);
    await sql('delete from public.cars where id = any ($1)', [this.cars]);
    await deleteStaffUser(this.driver);
  }
}
