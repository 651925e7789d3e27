import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useCurrentMember } from '@/features/tenants/current-member';

/** The menu's Users entry: the users of the depo the member works in now. */
export const Route = createFileRoute('/$tenant/_staff/admin/users')({
  component: UsersOfCurrentDepo,
});

function UsersOfCurrentDepo() {
  const { tenant, currentDepoId } = useCurrentMember();
  if (currentDepoId === null) return <p>This company has no depos yet.</p>;
  return (
    <Navigate to="/$tenant/admin/depo/$depoId/users" params={{ tenant: tenant.slug, depoId: currentDepoId }} replace />
  );
}
