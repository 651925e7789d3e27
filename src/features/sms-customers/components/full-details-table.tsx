import type { ColDef } from 'ag-grid-community';
import { smsSkipReasonWord } from '@/shared/vocabulary/code-words';
import { useMemo } from 'react';
import { formatDateTime } from '@/shared/dates/date-time-text';
import { siteHref } from '@/shared/routing/web-url';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { SmsCustomer } from '../api/sms-customers-data';
import { smsState, smsStateLabels } from '../sms-status';

/** Every field of the SMS customers (spec §2 full_details, §3 "SMS customer"). */
export function FullDetailsTable({ rows, timeZone }: { rows: SmsCustomer[]; timeZone: string }) {
  const columns = useMemo<ColDef<SmsCustomer>[]>(() => {
    const at =
      (pick: (row: SmsCustomer) => string | null) =>
      ({ data }: { data?: SmsCustomer }) =>
        data ? formatDateTime(pick(data), timeZone) : '';
    return [
      { headerName: 'Phone', field: 'phone_number', minWidth: 130 },
      { headerName: 'Address', field: 'address', minWidth: 180 },
      { headerName: 'Route', field: 'route_name', minWidth: 140 },
      {
        headerName: 'Stop',
        colId: 'stop',
        minWidth: 180,
        valueGetter: ({ data }) => (data ? `${data.stop_position}. ${data.stop_address ?? ''}` : ''),
      },
      { headerName: 'Route number', field: 'route_number', minWidth: 110 },
      {
        headerName: 'SMS',
        colId: 'sms',
        minWidth: 90,
        valueGetter: ({ data }) => (data ? smsStateLabels[smsState(data)] : ''),
      },
      {
        headerName: 'SMS should send at',
        colId: 'should',
        minWidth: 150,
        valueGetter: at((row) => row.sms_should_send_at),
      },
      { headerName: 'SMS sent at', colId: 'sent', minWidth: 150, valueGetter: at((row) => row.sms_sent_at) },
      {
        headerName: 'SMS skipped at',
        colId: 'skipped',
        minWidth: 150,
        valueGetter: at((row) => row.sms_sent_skipped_at),
      },
      {
        headerName: 'Reason of SMS skip',
        colId: 'reason_of_sms_skip',
        minWidth: 140,
        valueGetter: ({ data }) => (data?.reason_of_sms_skip ? smsSkipReasonWord(data.reason_of_sms_skip) : ''),
      },
      { headerName: 'Skip reasons', field: 'full_description_of_sms_skip', minWidth: 240 },
      { headerName: 'SMS stopped at', colId: 'stopped', minWidth: 150, valueGetter: at((row) => row.sms_stopped_at) },
      {
        headerName: 'Car stopped at',
        colId: 'car_stopped',
        minWidth: 150,
        valueGetter: at((row) => row.car_stopped_at),
      },
      { headerName: 'Estimate', colId: 'estimate', minWidth: 150, valueGetter: at((row) => row.google_estimate_time) },
      {
        headerName: 'Original estimate',
        colId: 'original',
        minWidth: 150,
        valueGetter: at((row) => row.original_google_estimate_time),
      },
      {
        headerName: 'Coordinates',
        colId: 'coordinates',
        minWidth: 170,
        valueGetter: ({ data }) =>
          data && data.lat !== null && data.lng !== null ? `${data.lat.toFixed(5)}, ${data.lng.toFixed(5)}` : '',
      },
      {
        headerName: 'SMS link',
        colId: 'link',
        minWidth: 120,
        // The server's path of the tracking page; only a path of this site or an http(s) URL becomes a link.
        valueGetter: ({ data }) => siteHref(data?.sms_demo_link) ?? '',
        cellRenderer: ({ value }: { value: string }) =>
          value ? (
            <a href={value} target="_blank" rel="noreferrer">
              Tracking page
            </a>
          ) : null,
      },
    ];
  }, [timeZone]);
  return (
    <DataGrid
      ariaLabel="SMS customers, full details"
      total="rows"
      rows={rows}
      columns={columns}
      rowId={(row) => String(row.id)}
      emptyText="No customers get SMS for this plan event"
      renderAllColumns
    />
  );
}
