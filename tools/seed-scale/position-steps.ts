import type { ScalePlan } from './scale-plan.ts';
import { SCALE_TENANT, type ScaleStep } from './scale-steps.ts';

/**
 * Yesterday's GPS history: every car of the tenant, a fix every 5 s from 08:00 (the tenant's time) for
 * plan.positionHours hours, in that day's partition. The batch trigger of car_positions (live broadcasts and
 * the queue that moves cars and trips) is off for this load only: these fixes are a finished day, nobody
 * watches them live and their trips are already finished, so broadcasting them or queueing them for a trip
 * would be wrong, not just slow. The cars' latest location is set from their newest fix afterwards, which is
 * what the queue's drain would leave.
 */
export function positionSteps(plan: ScalePlan, anchor: string): ScaleStep[] {
  const fixes = Math.round((plan.positionHours * 3600) / 5);
  const yesterday = `('${anchor}'::date - 1)`;
  return [
    {
      step: 'position partition',
      sql: `select app_private.ensure_car_position_partitions(${yesterday}, ${yesterday} + 1)`,
    },
    { step: 'position trigger off', sql: 'alter table public.car_positions disable trigger car_positions_batch' },
    {
      step: 'car positions',
      sql: `insert into public.car_positions (tenant_id, car_id, depo_id, recorded_at, lat, lng, speed_kmh, heading)
            select car.tenant_id, car.id, car.depo_id,
                   (${yesterday} + time '08:00') at time zone 'Europe/Copenhagen' + make_interval(secs => f * 5),
                   d.address_lat + 0.05 * sin(radians((f + car.id * 13) % 3600 / 10.0)),
                   d.address_lng + 0.08 * cos(radians((f + car.id * 13) % 3600 / 10.0)),
                   case when f % 60 < 50 then 30 + (car.id + f) % 40 else 0 end, ((f + car.id * 13) % 3600 / 10.0)::real
              from public.cars car join public.tenants t on t.id = car.tenant_id and t.slug = '${SCALE_TENANT}'
              join public.depos d on d.id = car.depo_id
              cross join generate_series(0, ${fixes - 1}) f`,
    },
    { step: 'position trigger on', sql: 'alter table public.car_positions enable trigger car_positions_batch' },
    {
      step: 'latest locations',
      sql: `update public.cars c set latest_location_lat = l.lat, latest_location_lng = l.lng, latest_location_updated_at = l.recorded_at
              from (select distinct on (p.car_id) p.car_id, p.lat, p.lng, p.recorded_at
                      from public.car_positions p join public.tenants t on t.id = p.tenant_id and t.slug = '${SCALE_TENANT}'
                     where p.recorded_at >= ${yesterday} - 1
                     order by p.car_id, p.recorded_at desc) l
             where c.id = l.car_id`,
    },
    { step: 'analyze positions', sql: 'analyze public.car_positions, public.cars' },
  ];
}
