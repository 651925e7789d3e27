import type { ColDef } from 'ag-grid-community';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { withWrappedHeaders } from '@/shared/ui/data-grid/wrapped-headers';
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
    () =>
      withWrappedHeaders<CustomerListRow>([
        // Narrow enough that Phone, Gender, SMS permission and Actions fit 1440 px beside long e-mails and addresses:
        // the grid fits its box, and those two give way down to their minimum (long headers wrap).
        { headerName: '#', field: 'id', minWidth: 64, maxWidth: 90 },
        { headerName: 'Email', field: 'email', minWidth: 150 },
        { headerName: 'Client Address', field: 'address', minWidth: 150 },
        { headerName: 'Username', field: 'username', minWidth: 80 },
        { headerName: 'Name', field: 'name', minWidth: 80 },
        { headerName: 'First Name', field: 'first_name', minWidth: 80 },
        { headerName: 'Last Name', field: 'last_name', minWidth: 80 },
        // A phone is never cut (+45 and 8 digits in the grid's font).
        { headerName: 'Phone', field: 'phone', minWidth: 136 },
        { headerName: 'Gender', field: 'gender', minWidth: 72 },
        {
          headerName: 'SMS permission',
          field: 'sms_permission',
          minWidth: 80,
          valueFormatter: ({ value }) => (value ? 'Yes' : 'No'),
        },
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
      ]),
    [tenantSlug, depoId],
  );
  return (
    <DataGrid
      ariaLabel="Customers"
      emptyText="No customers found"
      rows={rows}
      columns={columns}
      rowId={(row) => String(row.id)}
      loading={loading}
      // Phone, SMS permission and Edit are what staff look for on every row: on a desk screen they stay in view.
      fitWidth
    />
  );
}
