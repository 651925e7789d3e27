import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatTenantDate } from '@/shared/format/tenant-date';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';
import type { PlanEventSmsCustomers } from '../api/sms-customers-data';
import { planEventSmsCustomersKey } from '../api/sms-customers-queries';
import { canSelect } from '../sms-status';
import { SendCustomSmsDialog } from './send-custom-sms-dialog';
import { SmsCustomersTable } from './sms-customers-table';
import { useRowTicks } from '@/shared/ui/data-grid/row-ticks';
import { StopSmsButton } from './stop-sms-button';
import '../sms-customers.css';

export interface SmsTenant {
  slug: string;
  time_zone: string;
  date_format: string;
}

interface Props {
  tenant: SmsTenant;
  role: AppRole;
  data: PlanEventSmsCustomers;
}

/** SMS customers of one plan event (spec §2 /plan_events/{id}/sms_customers): the list and what staff do from it. */
export function PlanEventSmsCustomersPage({ tenant, role, data }: Props) {
  const { plan_event: planEvent, customers } = data;
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [choosing, setChoosing] = useState(false);
  const ticks = useRowTicks(selected, setSelected);
  // A customer whose SMS was stopped meanwhile leaves the selection.
  const selectable = useMemo(() => new Set(customers.filter(canSelect).map((row) => row.customer_id)), [customers]);
  const chosen = useMemo(() => [...selected].filter((id) => selectable.has(id)), [selected, selectable]);
  const params = { tenant: tenant.slug, depoId: planEvent.depo_id, planEventId: planEvent.id };

  return (
    <section className="sms-customers">
      <header className="sms-customers__head">
        <h1>SMS customers</h1>
        <p className="sms-customers__facts">
          {formatTenantDate(planEvent.date, tenant.date_format)} · {planEvent.route_name} · Car{' '}
          {planEvent.car_internal_number}
        </p>
        <nav className="sms-customers__actions" aria-label="SMS actions">
          <Link to="/$tenant/depo/$depoId/plan_events/$planEventId" params={params} className="button">
            Plan event report
          </Link>
          <Link
            to="/$tenant/depo/$depoId/plan_events/$planEventId/sms_customers/full_details"
            params={params}
            className="button"
          >
            Full details
          </Link>
          <Link
            to="/$tenant/depo/$depoId/plan_events/$planEventId/sms_customer_map"
            params={params}
            className="button"
            aria-label="Customer map"
            title="Customer map"
          >
            {/* A map pin drawn inline: no icon font or emoji glyph is needed. */}
            <svg
              aria-hidden="true"
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M12 22s7-6.1 7-12a7 7 0 1 0-14 0c0 5.9 7 12 7 12z" />
              <circle cx="12" cy="10" r="2.5" />
            </svg>
          </Link>
          <StopSmsButton slug={tenant.slug} role={role} planEvent={planEvent} />
          {planEvent.can_send_custom_sms && (
            <SecondaryButton disabled={chosen.length === 0} onClick={() => setChoosing(true)}>
              Send Custom SMS
            </SecondaryButton>
          )}
        </nav>
      </header>
      <SmsCustomersTable
        rows={customers}
        timeZone={tenant.time_zone}
        ticks={planEvent.can_send_custom_sms ? ticks : undefined}
      />
      {choosing && (
        <SendCustomSmsDialog
          slug={tenant.slug}
          planEventId={planEvent.id}
          customerIds={chosen}
          onClose={() => setChoosing(false)}
          onSent={() => {
            setChoosing(false);
            setSelected(new Set());
            void queryClient.invalidateQueries({
              queryKey: planEventSmsCustomersKey(tenant.slug, planEvent.depo_id, planEvent.id),
            });
          }}
        />
      )}
    </section>
  );
}
