import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useCurrentMember } from '@/features/tenants/current-member';
import { requireRole } from './-components/require-role';

/** The menu's Users entry: the users of the depo the member works in now. */
export const Route = createFileRoute('/$tenant/admin/users')({
  beforeLoad: ({ context, params, preload }) => requireRole({ membership: context.membership, tenant: params.tenant, preload }, ['admin', 'depo_admin']),
  component: UsersOfCurrentDepo,
});

function UsersOfCurrentDepo() {
  const { tenant, currentDepoId } = useCurrentMember();
  if (currentDepoId === null) return <p>This company has no depos yet.</p>;
  return <Navigate to="/$tenant/admin/depo/$depoId/users" params={{ tenant: tenant.slug, depoId: currentDepoId }} replace />;
}
