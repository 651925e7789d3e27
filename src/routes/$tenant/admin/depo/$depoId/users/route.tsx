import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { requireRole } from '../../../-components/require-role';
import { usersDepoParams } from './-components/user-route-params';

/** Staff users of a depo: admins and depo admins (the admin-users function checks the same). */
export const Route = createFileRoute('/$tenant/admin/depo/$depoId/users')({
  params: usersDepoParams,
  beforeLoad: ({ context, params, preload, search, location }) => {
    requireRole({ membership: context.membership, tenant: params.tenant, preload }, ['admin', 'depo_admin']);
    // The header's depo switcher follows the depo of the path.
    if (search.depo !== params.depoId) {
      const url = new URL(location.href, 'http://app.invalid');
      url.searchParams.set('depo', String(params.depoId));
      throw redirect({ href: `${url.pathname}${url.search}`, replace: true });
    }
  },
  component: Outlet,
});
