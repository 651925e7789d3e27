import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { StaffUser } from '../user-schema';

const ROLE_LABELS: Record<StaffUser['role'], string> = {
  admin: 'Admin',
  depo_admin: 'Depo admin',
  support: 'Support',
  driver: 'Driver',
};

export interface UsersTableProps {
  users: StaffUser[] | undefined;
  loading: boolean;
  depos: readonly { id: number; title: string }[];
  renderActions: (user: StaffUser) => ReactNode;
}

export function UsersTable({ users, loading, depos, renderActions }: UsersTableProps) {
  const columns = useMemo<ColDef<StaffUser>[]>(() => {
    const depoTitle = new Map(depos.map((depo) => [depo.id, depo.title]));
    return [
      {
        headerName: 'Name',
        colId: 'name',
        minWidth: 160,
        valueGetter: ({ data }) => (data ? `${data.first_name} ${data.last_name}`.trim() : ''),
      },
      { headerName: 'Email', field: 'email', minWidth: 200 },
      { headerName: 'Role', colId: 'role', valueGetter: ({ data }) => (data ? ROLE_LABELS[data.role] : '') },
      {
        headerName: 'Depos',
        colId: 'depos',
        valueGetter: ({ data }) =>
          data?.role === 'admin'
            ? 'All'
            : (data?.depo_ids ?? []).map((id) => depoTitle.get(id) ?? String(id)).join(', '),
      },
      { headerName: 'Status', field: 'status' },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: StaffUser }) => (data ? renderActions(data) : null),
      },
    ];
  }, [depos, renderActions]);
  return (
    <DataGrid
      ariaLabel="Users"
      total="rows"
      rows={users}
      columns={columns}
      rowId={(user) => user.id}
      loading={loading}
      emptyText="No users found"
    />
  );
}
