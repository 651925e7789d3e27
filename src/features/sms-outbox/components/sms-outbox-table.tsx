import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { SmsOutboxRow } from '../api/get-sms-outbox';

export interface SmsOutboxTableProps {
  messages: SmsOutboxRow[] | undefined;
  loading: boolean;
  dateFormat: string;
  timeZone: string;
}

/** The SMS sent from a depo: time, phone, text, status and plan event. */
export function SmsOutboxTable({ messages, loading, dateFormat, timeZone }: SmsOutboxTableProps) {
  const columns = useMemo<ColDef<SmsOutboxRow>[]>(
    () => [
      {
        headerName: 'Time',
        colId: 'time',
        minWidth: 150,
        valueGetter: ({ data }) =>
          data ? formatTenantDateTime(data.sent_at ?? data.created_at, dateFormat, timeZone) : '',
      },
      { headerName: 'Phone', field: 'phone', minWidth: 130 },
      { headerName: 'Text', field: 'text', minWidth: 260, flex: 2 },
      { headerName: 'Status', field: 'status', minWidth: 100 },
      {
        headerName: 'Plan event',
        colId: 'plan_event',
        minWidth: 100,
        valueGetter: ({ data }) => (data?.plan_event_id ? `#${data.plan_event_id}` : ''),
      },
    ],
    [dateFormat, timeZone],
  );
  return (
    <DataGrid
      ariaLabel="SMS sent"
      total="rows"
      rows={messages}
      columns={columns}
      rowId={(row) => String(row.id)}
      loading={loading}
      emptyText="No SMS sent yet"
      renderAllColumns
    />
  );
}
