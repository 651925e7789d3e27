import { Navigate, useLocation } from '@tanstack/react-router';
import { useCurrentMember } from '@/features/tenants/current-member';

/** Lists that moved below `/depo/{depoId}/`: their old address (with `?depo=` or none). */
type MovedList = '/$tenant/admin/depo/$depoId/b2b_customers' | '/$tenant/admin/depo/$depoId/customers';

/**
 * An old list address (`/admin/customers?depo=3&page=2`) sends on to the same list below the depo
 * segment (`/admin/depo/3/customers?page=2`): the `?depo=` depo when the member works there, else
 * the current one. Bookmarks and links made before the move keep working.
 */
export function ToDepoSegment({ to }: { to: MovedList }) {
  const { tenant, currentDepoId } = useCurrentMember();
  const { depo: _legacy, ...search } = useLocation({ select: (location) => location.search as Record<string, unknown> });
  if (currentDepoId === null) return <p>This company has no depos yet.</p>;
  return <Navigate to={to} params={{ tenant: tenant.slug, depoId: currentDepoId }} search={search as never} replace />;
}
