import { Link } from '@tanstack/react-router';
import { formatTenantDate } from '@/shared/format/tenant-date';
import type { WeekdaySmsCustomers } from '../api/sms-customers-data';
import type { SmsTenant } from './plan-event-sms-customers-page';
import { SmsCustomersTable } from './sms-customers-table';
import '../sms-customers.css';

/**
 * All SMS customers of a day in the depo (spec §2 /plan_events/all_customers/{weekday?}), the calendar day header's
 * link: the list of every plan event of that day. Stop SMS and custom sends belong to one plan event, so they are
 * offered on each plan event's own list (spec §4: no Stop SMS without a plan event id).
 */
export function WeekdaySmsCustomersPage({
  tenant,
  depoId,
  data,
}: {
  tenant: SmsTenant;
  depoId: number;
  data: WeekdaySmsCustomers;
}) {
  return (
    <section className="sms-customers">
      <header className="sms-customers__head">
        <h1>SMS customers {formatTenantDate(data.date, tenant.date_format)}</h1>
        <nav className="sms-customers__actions" aria-label="Plan events of the day">
          {data.plan_event_ids.map((planEventId) => {
            const route = data.customers.find((row) => row.plan_event_id === planEventId)?.route_name;
            return (
              <Link
                key={planEventId}
                to="/$tenant/depo/$depoId/plan_events/$planEventId/sms_customers"
                params={{ tenant: tenant.slug, depoId, planEventId }}
                className="button"
              >
                {route ? `SMS customers of ${route}` : `SMS customers of plan event ${planEventId}`}
              </Link>
            );
          })}
        </nav>
      </header>
      <SmsCustomersTable rows={data.customers} timeZone={tenant.time_zone} showRoute />
    </section>
  );
}
