import type { ColDef } from 'ag-grid-community';
import { useEffect, useMemo } from 'react';
import { formatTimeOfDay } from '@/shared/dates/date-time-text';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { useCustomerSmsReceivers, type SmsReceiver } from '../api/get-customer-sms-receivers';

export interface SmsReceiversTableProps {
  tenant: { id: string; slug: string; time_zone: string; date_format: string };
  customerId: number;
}

/** Where the plan event of an SMS is planned (the screen lives in the depo's calendar). */
export function planEventHref(tenantSlug: string, depoId: number, planEventId: number): string {
  return `/${tenantSlug}/depo/${depoId}/plan_events/${planEventId}`;
}

/** The customer's SMS receivers: which visit each SMS announced and when it went out. */
export function SmsReceiversTable({ tenant, customerId }: SmsReceiversTableProps) {
  const receivers = useCustomerSmsReceivers(tenant, customerId);
  useEffect(() => {
    if (receivers.error) flashRequestError(receivers.error);
  }, [receivers.error]);

  const columns = useMemo<ColDef<SmsReceiver>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 90 },
      {
        headerName: 'Date',
        colId: 'date',
        valueGetter: ({ data }) =>
          data?.point?.plan_event?.date ? formatTenantDate(data.point.plan_event.date, tenant.date_format) : '',
      },
      {
        headerName: 'Public estimate time',
        colId: 'estimate',
        valueGetter: ({ data }) => formatTimeOfDay(data?.point?.google_estimate_time, tenant.time_zone),
      },
      {
        headerName: 'SMS sent at',
        colId: 'sent',
        valueGetter: ({ data }) =>
          data?.sms_sent_at
            ? formatTenantDateTime(data.sms_sent_at, tenant.date_format, tenant.time_zone)
            : data?.sms_sent_skipped_at
              ? `Skipped ${formatTenantDateTime(data.sms_sent_skipped_at, tenant.date_format, tenant.time_zone)}`
              : '',
      },
      { headerName: 'Route', colId: 'route', valueGetter: ({ data }) => data?.point?.plan_event?.route?.name ?? '' },
      { headerName: 'Point Address', colId: 'point_address', valueGetter: ({ data }) => data?.point?.address ?? '' },
      { headerName: 'Point ID', colId: 'point_id', valueGetter: ({ data }) => data?.point?.id ?? '' },
      {
        headerName: 'Customer Address',
        colId: 'customer_address',
        valueGetter: ({ data }) => data?.customer?.address ?? '',
      },
      {
        headerName: 'Plan Event',
        colId: 'plan_event',
        cellRenderer: ({ data }: { data?: SmsReceiver }) => {
          const event = data?.point?.plan_event;
          return event ? <a href={planEventHref(tenant.slug, event.depo_id, event.id)}>Plan Event</a> : null;
        },
      },
    ],
    [tenant.slug, tenant.time_zone, tenant.date_format],
  );

  return (
    <div className="sms-receivers">
      <h2>SMS receivers</h2>
      <DataGrid
        ariaLabel="SMS receivers"
        rows={receivers.data}
        columns={columns}
        rowId={(row) => String(row.id)}
        loading={receivers.isPending}
        emptyText={receivers.isError ? 'The SMS receivers could not be loaded' : 'No SMS receivers'}
      />
    </div>
  );
}
