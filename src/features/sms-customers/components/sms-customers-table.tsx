import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { formatTimeOfDay } from '@/shared/dates/date-time-text';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { RowTick, RowTicksProvider, type RowTicks } from '@/shared/ui/data-grid/row-ticks';
import type { SmsCustomer } from '../api/sms-customers-data';
import { canSelect, smsState, smsStateLabels } from '../sms-status';
import { SkipReason } from './skip-reason';

export interface SmsCustomersTableProps {
  rows: SmsCustomer[];
  timeZone: string;
  /** The customers ticked for a custom send; no ticks without it. */
  ticks?: RowTicks;
  /** Shows each row's route (the list of a whole day covers several plan events). */
  showRoute?: boolean;
}

/** The SMS list (spec §2 sms_customers, §4 "SMS list"): who gets or got the SMS, and why a skipped one was skipped. */
export function SmsCustomersTable({ rows, timeZone, ticks, showRoute = false }: SmsCustomersTableProps) {
  const tickable = ticks !== undefined;
  const columns = useMemo<ColDef<SmsCustomer>[]>(() => {
    const time =
      (pick: (row: SmsCustomer) => string | null) =>
      ({ data }: { data?: SmsCustomer }) =>
        data ? formatTimeOfDay(pick(data), timeZone) : '';
    // The tick sits in the phone's cell: the first column stays put on a phone, with what a row is about.
    const list: ColDef<SmsCustomer>[] = [
      {
        headerName: 'Phone',
        field: 'phone_number',
        minWidth: tickable ? 170 : 130,
        cellRenderer: ({ data, value }: { data?: SmsCustomer; value: string }) =>
          data && tickable ? (
            <label className="sms-customers__pick">
              <RowTick id={data.customer_id} label={`Select ${data.phone_number}`} disabled={!canSelect(data)} />
              {value}
            </label>
          ) : (
            value
          ),
      },
    ];
    if (showRoute) list.push({ headerName: 'Route', field: 'route_name', minWidth: 140 });
    list.push(
      {
        headerName: 'Stop',
        colId: 'stop',
        minWidth: 180,
        flex: 1,
        valueGetter: ({ data }) => (data ? `${data.stop_position}. ${data.stop_address ?? ''}` : ''),
      },
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
  }, [tickable, showRoute, timeZone]);

  const grid = (
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
  return ticks ? <RowTicksProvider ticks={ticks}>{grid}</RowTicksProvider> : grid;
}
