import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { formatTenantDate } from '@/shared/format/tenant-date';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { SmsCampaignRow } from '../sms-campaign-form-values';

export interface SmsCampaignsTableProps {
  campaigns: SmsCampaignRow[] | undefined;
  loading: boolean;
  /** The tenant's date format (`DD-MM-YYYY`...). */
  dateFormat: string;
  renderActions: (campaign: SmsCampaignRow) => ReactNode;
}

export function SmsCampaignsTable({ campaigns, loading, dateFormat, renderActions }: SmsCampaignsTableProps) {
  const columns = useMemo<ColDef<SmsCampaignRow>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 80, minWidth: 60 },
      { headerName: 'Name', field: 'name' },
      { headerName: 'Text', field: 'text', minWidth: 200, flex: 2 },
      {
        headerName: 'Start date',
        colId: 'start_date',
        minWidth: 120,
        valueGetter: ({ data }) => (data ? formatTenantDate(data.start_date, dateFormat) : ''),
      },
      {
        headerName: 'End date',
        colId: 'end_date',
        minWidth: 120,
        valueGetter: ({ data }) => (data ? formatTenantDate(data.end_date, dateFormat) : ''),
      },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: SmsCampaignRow }) => (data ? renderActions(data) : null),
      },
    ],
    [renderActions, dateFormat],
  );
  return (
    <DataGrid
      ariaLabel="SMS campaigns"
      total="rows"
      rows={campaigns}
      columns={columns}
      rowId={(row) => String(row.id)}
      loading={loading}
      emptyText="No SMS campaigns found"
      renderAllColumns
    />
  );
}
