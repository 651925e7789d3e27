import type pg from 'pg';
import { SCALE_TENANT } from '../../tools/seed-scale/scale-steps.ts';

/** The ids and days the requests of the scale bench ask about, read from the loaded tenant. */
export interface ScaleContext {
  slug: string;
  publicSite: string;
  tenantId: string;
  depoId: number;
  depoLat: number;
  depoLng: number;
  today: string;
  monday: string;
  monthAgo: string;
  /** Yesterday's newest trip of the depo: finished, with a report, a trail and two years of its route. */
  finishedPlanEventId: number;
  /** The depo's coming plan event with the most SMS receivers. */
  smsPlanEventId: number;
  primaryWarehouseId: number;
  carWarehouseId: number;
}

export async function readScaleContext(db: pg.ClientBase): Promise<ScaleContext> {
  const { rows } = await db.query<Record<string, string>>(
    `with t as (select id, public_segment, (now() at time zone time_zone)::date as today from public.tenants where slug = $1),
          d as (select d.* from public.depos d join t on t.id = d.tenant_id order by d.id limit 1)
     select t.id as tenant_id, t.public_segment, t.today::text, date_trunc('week', t.today)::date::text as monday, (t.today - 30)::text as month_ago,
            d.id as depo_id, d.address_lat, d.address_lng,
            (select pe.id from public.plan_events pe where pe.depo_id = d.id and pe.date < t.today and pe.trip_finished_at is not null
              order by pe.date desc, pe.id limit 1) as finished,
            (select r.plan_event_id from (select p.plan_event_id, count(*) as n from public.sms_receivers s
                                            join public.plan_event_route_points p on p.id = s.plan_event_route_point_id
                                            join public.plan_events pe on pe.id = p.plan_event_id
                                           where s.depo_id = d.id and pe.date >= t.today group by 1 order by 2 desc, 1 limit 1) r) as sms,
            (select w.id from public.warehouses w where w.depo_id = d.id and w."primary") as primary_warehouse,
            (select w.id from public.warehouses w where w.depo_id = d.id and w.owner_type = 'car' order by w.id limit 1) as car_warehouse
       from t, d`,
    [SCALE_TENANT],
  );
  const row = rows[0];
  if (!row) throw new Error(`tenant ${SCALE_TENANT} is not loaded: run npm run seed:scale first`);
  return {
    slug: SCALE_TENANT,
    publicSite: row.public_segment,
    tenantId: row.tenant_id,
    depoId: Number(row.depo_id),
    depoLat: Number(row.address_lat),
    depoLng: Number(row.address_lng),
    today: row.today,
    monday: row.monday,
    monthAgo: row.month_ago,
    finishedPlanEventId: Number(row.finished),
    smsPlanEventId: Number(row.sms),
    primaryWarehouseId: Number(row.primary_warehouse),
    carWarehouseId: Number(row.car_warehouse),
  };
}
