import { randomInt, randomUUID } from 'node:crypto';
import { sql } from './admin-core-db.ts';
import { createStaffUser, deleteStaffUser, type StaffUser } from './staff.ts';

/** The places the heat map's route stops at, and what each trip sold there. */
export const HEAT_PLACES = [
  { lat: 56.46, lng: 9.41 },
  { lat: 56.47, lng: 9.43 },
  { lat: 56.48, lng: 9.45 },
] as const;

export interface HeatMapWorldEvent {
  id: number;
  depoId: number;
  /** The plan events of its history (itself included). */
  history: number;
  /** The revenue sold at the route's stops over the history. */
  revenue: number;
}

/**
 * A route of its own in the tenant's first depo driven weekly for `weeks` weeks by a driver made for it: every
 * trip visits the three places, one sale of 100 at the first, 50 at the second, none at the third.
 */
export class HeatMapWorld {
  private driver: StaffUser | undefined;
  private readonly routes: number[] = [];
  private readonly planEvents: number[] = [];

  constructor(private readonly tenant: string) {}

  async route(weeks: number): Promise<HeatMapWorldEvent> {
    this.driver ??= await createStaffUser({ tenant: this.tenant, role: 'driver' });
    const [depo] = await sql<{ id: string; tenant_id: string; car_id: string }>(
      `select d.id, d.tenant_id, (select c.id from public.cars c where c.depo_id = d.id order by c.id limit 1) as car_id
         from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = $1 order by d.id limit 1`,
      [this.tenant],
    );
    const [route] = await sql<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
      [depo.tenant_id, depo.id, `E2E heat ${randomUUID().slice(0, 6)}`],
    );
    this.routes.push(Number(route.id));
    // A far past Monday nobody else plans on (one plan event per driver and date).
    const last = new Date(Date.UTC(2013, 0, 7) + randomInt(0, 400) * 7 * 86_400_000);
    let newest = 0;
    for (let week = weeks - 1; week >= 0; week -= 1) {
      const date = new Date(last.getTime() - week * 7 * 86_400_000).toISOString().slice(0, 10);
      const [event] = await sql<{ id: string }>(
        `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, started_at)
         values ($1, $2, $3, $4, $5, $6, $3::date + time '08:00') returning id`,
        [depo.tenant_id, depo.id, date, route.id, this.driver.id, depo.car_id],
      );
      newest = Number(event.id);
      this.planEvents.push(newest);
      await sql(
        `insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, lat, lng, point_visited,
                                                     visited_at, actual_arrival_time)
         select $1, $2, $3, x.n::int, 'Heat street ' || x.n, x.lat, x.lng, true,
                $4::date + time '10:00' + make_interval(hours => x.n::int), $4::date + time '10:00' + make_interval(hours => x.n::int)
           from unnest($5::float8[], $6::float8[]) with ordinality x(lat, lng, n)`,
        [depo.tenant_id, newest, depo.id, date, HEAT_PLACES.map((p) => p.lat), HEAT_PLACES.map((p) => p.lng)],
      );
      const [report] = await sql<{ id: string }>(
        `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id) values ($1, $2, $3, $4, $5) returning id`,
        [depo.tenant_id, depo.id, newest, depo.car_id, this.driver.id],
      );
      await sql(
        `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, total_revenue)
         values ($1, $2, $3, $4::date + time '11:10', 100), ($1, $2, $3, $4::date + time '12:10', 50)`,
        [depo.tenant_id, report.id, depo.id, date],
      );
    }
    return { id: newest, depoId: Number(depo.id), history: weeks, revenue: weeks * 150 };
  }

  async drop(): Promise<void> {
    await sql('delete from public.end_of_day_reports where plan_event_id = any ($1)', [this.planEvents]);
    await sql('update public.plan_events set started_at = null where id = any ($1)', [this.planEvents]);
    await sql('delete from public.plan_events where id = any ($1)', [this.planEvents]);
    await sql('delete from public.routes where id = any ($1)', [this.routes]);
    await deleteStaffUser(this.driver);
  }
}
