import type { ColDef } from 'ag-grid-community';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { CustomerListRow } from '../api/get-customers';

export interface CustomersTableProps {
  tenantSlug: string;
  /** The depo segment of the list: the edit page opens below it. */
  depoId: number;
  rows: CustomerListRow[] | undefined;
  loading: boolean;
}

/** The retail customers of one page: #, Email, Client Address, ..., SMS permission, Actions. */
export function CustomersTable({ tenantSlug, depoId, rows, loading }: CustomersTableProps) {
  const columns = useMemo<ColDef<CustomerListRow>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 90 },
      { headerName: 'Email', field: 'email', minWidth: 180 },
      { headerName: 'Client Address', field: 'address', minWidth: 180 },
      { headerName: 'Username', field: 'username' },
      { headerName: 'Name', field: 'name' },
      { headerName: 'First Name', field: 'first_name' },
      { headerName: 'Last Name', field: 'last_name' },
      { headerName: 'Phone', field: 'phone', minWidth: 120 },
      { headerName: 'Gender', field: 'gender' },
      { headerName: 'SMS permission', field: 'sms_permission', valueFormatter: ({ value }) => (value ? 'Yes' : 'No') },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: CustomerListRow }) =>
          data ? (
            <Link
              to="/$tenant/admin/depo/$depoId/customers/$customerId/edit"
              params={{ tenant: tenantSlug, depoId, customerId: data.id }}
              aria-label={`Edit customer ${data.id}`}
            >
              Edit
            </Link>
          ) : null,
      },
    ],
    [tenantSlug, depoId],
  );
  return <DataGrid ariaLabel="Customers" emptyText="No customers found" rows={rows} columns={columns} rowId={(row) => String(row.id)} loading={loading} />;
}
