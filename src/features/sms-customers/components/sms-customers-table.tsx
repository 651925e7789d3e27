import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { formatTimeOfDay } from '@/shared/dates/date-time-text';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { SmsCustomer } from '../api/sms-customers-data';
import { canSelect, smsState, smsStateLabels } from '../sms-status';
import { SkipReason } from './skip-reason';

export interface SmsCustomersTableProps {
  rows: SmsCustomer[];
  timeZone: string;
  /** The customers ticked for a custom send; no selection column without it. */
  selection?: { selected: ReadonlySet<number>; toggle: (customerId: number) => void };
  /** Shows each row's route (the list of a whole day covers several plan events). */
  showRoute?: boolean;
}

/** The SMS list (spec §2 sms_customers, §4 "SMS list"): who gets or got the SMS, and why a skipped one was skipped. */
export function SmsCustomersTable({ rows, timeZone, selection, showRoute = false }: SmsCustomersTableProps) {
  const columns = useMemo<ColDef<SmsCustomer>[]>(() => {
    const time = (pick: (row: SmsCustomer) => string | null) => ({ data }: { data?: SmsCustomer }) => (data ? formatTimeOfDay(pick(data), timeZone) : '');
    // The tick sits in the phone's cell: the first column stays put on a phone, with what a row is about.
    const list: ColDef<SmsCustomer>[] = [
      {
        headerName: 'Phone',
        field: 'phone_number',
        minWidth: selection ? 170 : 130,
        cellRenderer: ({ data, value }: { data?: SmsCustomer; value: string }) =>
          data && selection ? (
            <label className="sms-customers__pick">
              <input
                type="checkbox"
                aria-label={`Select ${data.phone_number}`}
                checked={selection.selected.has(data.customer_id)}
                disabled={!canSelect(data)}
                onChange={() => selection.toggle(data.customer_id)}
              />
              {value}
            </label>
          ) : (
            value
          ),
      },
    ];
    if (showRoute) list.push({ headerName: 'Route', field: 'route_name', minWidth: 140 });
    list.push(
      { headerName: 'Stop', colId: 'stop', minWidth: 180, flex: 1, valueGetter: ({ data }) => (data ? `${data.stop_position}. ${data.stop_address ?? ''}` : '') },
      {
        headerName: 'SMS',
        colId: 'sms',
        minWidth: 160,
        valueGetter: ({ data }) => (data ? smsStateLabels[smsState(data)] : ''),
        cellRenderer: ({ data, value }: { data?: SmsCustomer; value: string }) =>
          data && data.reason_of_sms_skip ? (
            <span>
              {value}: <SkipReason reason={data.reason_of_sms_skip} description={data.full_description_of_sms_skip} />
            </span>
          ) : (
            value
          ),
      },
      { headerName: 'Send at', colId: 'send_at', minWidth: 90, valueGetter: time((row) => row.sms_should_send_at) },
      { headerName: 'Sent at', colId: 'sent_at', minWidth: 90, valueGetter: time((row) => row.sms_sent_at) },
      { headerName: 'Estimate', colId: 'estimate', minWidth: 90, valueGetter: time((row) => row.google_estimate_time) },
    );
    return list;
  }, [selection, showRoute, timeZone]);

  return (
    <DataGrid
      ariaLabel="SMS customers"
      total="rows"
      rows={rows}
      columns={columns}
      rowId={(row) => String(row.id)}
      emptyText="No customers get SMS for this plan event"
      renderAllColumns
    />
  );
}
