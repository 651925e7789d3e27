import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { SmsTemplateRow } from '../sms-template-form-values';

export interface SmsTemplatesTableProps {
  templates: SmsTemplateRow[] | undefined;
  loading: boolean;
  renderActions: (template: SmsTemplateRow) => ReactNode;
}

export function SmsTemplatesTable({ templates, loading, renderActions }: SmsTemplatesTableProps) {
  const columns = useMemo<ColDef<SmsTemplateRow>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 80, minWidth: 60 },
      { headerName: 'Name', field: 'name' },
      { headerName: 'Text', field: 'text', minWidth: 200, flex: 2 },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: SmsTemplateRow }) => (data ? renderActions(data) : null),
      },
    ],
    [renderActions],
  );
  return (
    <DataGrid
      ariaLabel="SMS templates"
      total="rows"
      rows={templates}
      columns={columns}
      rowId={(row) => String(row.id)}
      loading={loading}
      emptyText="No SMS templates found"
      renderAllColumns
    />
  );
}
