import { asAdmin, createTripWorld, offset, type LatLng, type TripWorld } from '../../db/trip-world.ts';
import { danishMobile } from '../../support/phones.ts';

export const HOME: LatLng = { lat: 55.6761, lng: 12.5683 };

export interface TrackingWorld extends TripWorld {
  stopUuids: string[];
  /** Each stop's estimate as the database has it now (the estimate engine follows the truck the tests move). */
  estimateOf(stop: number): Promise<Date>;
  /** A customer of the tenant; `receiverOf`: a receiver of that stop's visit, as its SMS went to (who may rate it). */
  addCustomer(flags?: { marketing?: boolean; receiverOf?: number }): Promise<{ id: number; uuid: string }>;
}

/**
 * A tenant of its own (Danish, so /dk) with a truck on a trip of three nearby stops whose estimates are 20, 40
 * and 60 minutes away. The plan event started yesterday and spans two days: it is today's for the tracking page
 * and the truck's public channel, while the GPS simulator (which drives plan events dated today) leaves its
 * truck alone, so only the test moves it.
 */
export async function createTrackingWorld(): Promise<TrackingWorld> {
  const world = await createTripWorld([offset(HOME, 400, 0), offset(HOME, 700, 90), offset(HOME, 1_000, 180)]);
  const estimates = [20, 40, 60].map((m) => new Date(Date.now() + m * 60_000));
  const stopUuids = await asAdmin(async (db) => {
    await db.query('update public.plan_events set date = date - 1, day_span = 2 where id = $1', [world.planEventId]);
    const uuids: string[] = [];
    for (const [i, id] of world.stopIds.entries()) {
      const {
        rows: [row],
      } = await db.query<{ uuid: string }>(
        `update public.plan_event_route_points set google_estimate_time = $2, original_google_estimate_time = $2
          where id = $1 returning uuid`,
        [id, estimates[i]!.toISOString()],
      );
      uuids.push(row!.uuid);
    }
    return uuids;
  });
  return {
    ...world,
    stopUuids,
    async estimateOf(stop) {
      const {
        rows: [row],
      } = await asAdmin((db) =>
        db.query<{ at: Date }>('select google_estimate_time as at from public.plan_event_route_points where id = $1', [
          world.stopIds[stop],
        ]),
      );
      return new Date(row!.at);
    },
    async addCustomer(flags = {}) {
      const phone = danishMobile();
      const {
        rows: [row],
      } = await asAdmin((db) =>
        db.query<{ id: string; uuid: string }>(
          `insert into public.customers (tenant_id, phone, marketing_agreement) values ($1, $2, $3) returning id, uuid`,
          [world.tenantId, phone, flags.marketing ?? true],
        ),
      );
      if (flags.receiverOf !== undefined) {
        await asAdmin((db) =>
          db.query(
            `insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id) values ($1, $2, $3, $4)`,
            [world.tenantId, row!.id, world.stopIds[flags.receiverOf!], world.depoId],
          ),
        );
      }
      return { id: Number(row!.id), uuid: row!.uuid };
    },
  };
}

/** HH:mm in Copenhagen, as the page writes the window. */
export function clock(at: Date, minutes: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Copenhagen', hour: '2-digit', minute: '2-digit' }).format(
    new Date(at.getTime() + minutes * 60_000),
  );
}
