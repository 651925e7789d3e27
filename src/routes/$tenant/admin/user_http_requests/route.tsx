import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireRole } from '../-components/require-role';

/** The audit log: admins only (the database shows it to no one else). */
export const Route = createFileRoute('/$tenant/admin/user_http_requests')({
  beforeLoad: ({ context, params, preload }) => requireRole({ membership: context.membership, tenant: params.tenant, preload }, ['admin']),
  component: Outlet,
});
