import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireRole } from '../-components/require-role';

/** B2B customers: admins, depo admins and support read them (create, edit and delete are narrower). */
export const Route = createFileRoute('/$tenant/admin/b2b_customers')({
  beforeLoad: ({ context, params, preload }) =>
    requireRole({ membership: context.membership, tenant: params.tenant, preload }, ['admin', 'depo_admin', 'support']),
  component: Outlet,
});
