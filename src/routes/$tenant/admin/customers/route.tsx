import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireRole } from '../-components/require-role';

/** Retail customers: admins, depo admins and support (the database lets the same roles write them). */
export const Route = createFileRoute('/$tenant/admin/customers')({
  beforeLoad: ({ context, params, preload }) => requireRole({ membership: context.membership, tenant: params.tenant, preload }, ['admin', 'depo_admin', 'support']),
  component: Outlet,
});
