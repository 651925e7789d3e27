import { Navigate, useLocation } from '@tanstack/react-router';
import { useCurrentMember } from '@/features/tenants/current-member';

/** Lists that moved below `/depo/{depoId}/`: their old address (with `?depo=` or none). */
type MovedList = '/$tenant/admin/depo/$depoId/b2b_customers' | '/$tenant/admin/depo/$depoId/customers';

type OldSearch = Record<string, unknown>;

/**
 * An old list address (`/admin/customers?depo=3&page=2`) sends on to the same list below the depo
 * segment (`/admin/depo/3/customers?page=2`): the `?depo=` depo when the member works there, else
 * the current one. `translate` turns the old list's own parameters into the new ones. Bookmarks and
 * links made before the move keep working.
 */
export function ToDepoSegment({ to, translate }: { to: MovedList; translate?: (search: OldSearch, depoId: number) => { depoId: number; search: OldSearch } }) {
  const { tenant, currentDepoId } = useCurrentMember();
  const { depo: _workingDepo, ...old } = useLocation({ select: (location) => location.search as OldSearch });
  if (currentDepoId === null) return <p>This company has no depos yet.</p>;
  const next = translate ? translate(old, currentDepoId) : { depoId: currentDepoId, search: old };
  return <Navigate to={to} params={{ tenant: tenant.slug, depoId: next.depoId }} search={next.search as never} replace />;
}
