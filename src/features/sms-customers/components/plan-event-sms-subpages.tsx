import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { formatTenantDate } from '@/shared/format/tenant-date';
import type { PlanEventSmsCustomers } from '../api/sms-customers-data';
import { FullDetailsTable } from './full-details-table';
import type { SmsTenant } from './plan-event-sms-customers-page';
import '../sms-customers.css';

const SmsCustomerMap = lazy(() => import('./sms-customer-map'));

function SubpageHead({ title, tenant, data }: { title: string; tenant: SmsTenant; data: PlanEventSmsCustomers }) {
  const { plan_event: planEvent } = data;
  return (
    <header className="sms-customers__head">
      <h1>{title}</h1>
      <p className="sms-customers__facts">
        {formatTenantDate(planEvent.date, tenant.date_format)} · {planEvent.route_name} · Car{' '}
        {planEvent.car_internal_number}
      </p>
      <nav className="sms-customers__actions" aria-label="SMS actions">
        <Link
          to="/$tenant/depo/$depoId/plan_events/$planEventId/sms_customers"
          params={{ tenant: tenant.slug, depoId: planEvent.depo_id, planEventId: planEvent.id }}
          className="button"
        >
          SMS customers
        </Link>
      </nav>
    </header>
  );
}

function Subpage({ children }: { children: ReactNode }) {
  return <section className="sms-customers">{children}</section>;
}

/** Spec §2 /plan_events/{id}/sms_customers/full_details: every field of the route's SMS customers. */
export function SmsFullDetailsPage({ tenant, data }: { tenant: SmsTenant; data: PlanEventSmsCustomers }) {
  return (
    <Subpage>
      <SubpageHead title="SMS customers, full details" tenant={tenant} data={data} />
      <FullDetailsTable rows={data.customers} timeZone={tenant.time_zone} />
    </Subpage>
  );
}

/** Spec §2 /plan_events/{id}/sms_customer_map: the stops, the plan event's polygon and the customers. */
export function SmsCustomerMapPage({ tenant, data }: { tenant: SmsTenant; data: PlanEventSmsCustomers }) {
  return (
    <Subpage>
      <SubpageHead title="SMS customer map" tenant={tenant} data={data} />
      <Suspense fallback={<div className="sms-customers__map">Loading map…</div>}>
        <SmsCustomerMap stops={data.plan_event.stops} customers={data.customers} />
      </Suspense>
    </Subpage>
  );
}
