import { randomInt, randomUUID } from 'node:crypto';
import { sql } from './admin-core-db.ts';
import { createStaffUser, deleteStaffUser, type StaffUser } from './staff.ts';
import { danishMobile } from '../../support/phones.ts';

/** The customers of an SMS world's plan event, each in the state the list must show. */
export interface SmsWorldCustomers {
  sent: string;
  /** Skipped (no SMS permission): the list's skip reason, every reason in its tooltip. */
  skipped: string;
  pending: string;
}

export interface SmsPlanEvent {
  id: number;
  depoId: number;
  routeName: string;
  /** ISO date and its ISO week as the calendar's URL spells it (`2047-9`). */
  date: string;
  week: string;
  phones: SmsWorldCustomers;
}

export const SKIP_DESCRIPTION = 'the customer has no SMS permission, the phone number is not valid';

const phone = danishMobile;

/**
 * Plan events of their own in hjem-is's first depo (every demo role works there), on an upcoming day no one else
 * plans (far ahead, one route, driver and car of their own): three stops with three subscribed customers, whose
 * receivers are set as the dispatcher leaves them (one sent, one skipped, one waiting).
 */
export class SmsCustomersWorld {
  private driver: StaffUser | undefined;
  private readonly planEvents: number[] = [];
  private readonly routes: number[] = [];
  private readonly cars: number[] = [];
  private readonly customers: number[] = [];
  private readonly tag = `E2E sms ${randomUUID().slice(0, 6)}`;

  async planEvent(options: { smsStopped?: boolean } = {}): Promise<SmsPlanEvent> {
    this.driver ??= await createStaffUser({ tenant: 'hjem-is', role: 'driver' });
    const [depo] = await sql<{ id: string; tenant_id: string }>(
      `select d.id, d.tenant_id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is' order by d.id limit 1`,
    );
    const depoId = Number(depo.id);
    const routeName = `${this.tag} ${this.routes.length + 1}`;
    const [route] = await sql<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
      [depo.tenant_id, depoId, routeName],
    );
    this.routes.push(Number(route.id));
    const [car] = await sql<{ id: string }>(
      `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, 'SMS 1') returning id`,
      [depo.tenant_id, depoId, `S-${randomUUID().slice(0, 6)}`],
    );
    this.cars.push(Number(car.id));
    // An upcoming day far from the demo world and the calendar spec's weeks (2037-53, 2038-1).
    const date = new Date(Date.UTC(2045, 0, 1) + randomInt(0, 9000) * 86_400_000).toISOString().slice(0, 10);
    const [event] = await sql<{ id: string; week: string }>(
      `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, sms_stopped_at)
       values ($1, $2, $3, $4, $5, $6, case when $7 then now() end)
       returning id, extract(isoyear from date)::int || '-' || extract(week from date)::int as week`,
      [depo.tenant_id, depoId, date, route.id, this.driver.id, car.id, options.smsStopped ?? false],
    );
    const id = Number(event.id);
    this.planEvents.push(id);
    // Three stops in a triangle (the map's outline), each with its customer nearby.
    const stops = [
      [56.45, 9.4],
      [56.47, 9.45],
      [56.43, 9.47],
    ];
    const phones: SmsWorldCustomers = { sent: phone(), skipped: phone(), pending: phone() };
    const order = ['sent', 'skipped', 'pending'] as const;
    for (const [index, [lat, lng]] of stops.entries()) {
      const [point] = await sql<{ id: string }>(
        `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [depo.tenant_id, route.id, depoId, index + 1, `Smsvej ${index + 1}`, lat, lng],
      );
      await sql(
        `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                                     google_estimate_time, original_google_estimate_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::date + time '10:00' + make_interval(hours => $5), $9::date + time '10:00' + make_interval(hours => $5))`,
        [depo.tenant_id, id, point.id, depoId, index + 1, `Smsvej ${index + 1}`, lat, lng, date],
      );
      const kind = order[index];
      const [customer] = await sql<{ id: string }>(
        `insert into public.customers (tenant_id, phone, sms_permission, address, lat, lng) values ($1, $2, $3, $4, $5, $6) returning id`,
        [depo.tenant_id, phones[kind], kind !== 'skipped', `Kundevej ${index + 1}`, lat + 0.002, lng + 0.002],
      );
      this.customers.push(Number(customer.id));
      await sql(
        `insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id) values ($1, $2, $3, $4)`,
        [depo.tenant_id, customer.id, point.id, depoId],
      );
      if (kind === 'sent') {
        await sql(`update public.sms_receivers set sms_queued_at = now(), sms_sent_at = now() where customer_id = $1`, [
          customer.id,
        ]);
      } else if (kind === 'skipped') {
        await sql(
          `update public.sms_receivers set sms_queued_at = now(), sms_sent_skipped_at = now(), reason_of_sms_skip = 'no_sms_permission',
                  full_description_of_sms_skip = $2 where customer_id = $1`,
          [customer.id, SKIP_DESCRIPTION],
        );
      }
    }
    return { id, depoId, routeName, date, week: event.week, phones };
  }

  /** The SMS the outbox holds for a plan event, of a kind. */
  async outbox(planEventId: number, kind: string): Promise<Array<{ phone: string; status: string }>> {
    return sql<{ phone: string; status: string }>(
      `select phone, status::text as status from public.sms_outbox where plan_event_id = $1 and kind = $2 order by phone`,
      [planEventId, kind],
    );
  }

  async drop(): Promise<void> {
    await sql('delete from public.sms_outbox where plan_event_id = any ($1)', [this.planEvents]);
    await sql('delete from public.plan_events where id = any ($1)', [this.planEvents]);
    await sql('delete from public.routes where id = any ($1)', [this.routes]);
    await sql('delete from public.customers where id = any ($1)', [this.customers]);
    await sql('delete from public.cars where id = any ($1)', [this.cars]);
    await deleteStaffUser(this.driver);
  }
}
