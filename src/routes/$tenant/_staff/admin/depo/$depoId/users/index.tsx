import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { usersQueryOptions, useUsers } from '@/features/users/api/list-users';
import { UsersTable } from '@/features/users/components/users-table';
import { UserStatusFilter } from '@/features/users/components/user-status-filter';
import { effectiveUserStatuses, userListSearchSchema } from '@/features/users/user-list-search';
import type { StaffUser } from '@/features/users/user-schema';
import { useCurrentMember } from '@/features/tenants/current-member';
import { queryKeys } from '@/shared/query/query-keys';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { loadRouteQuery } from '@/shared/query/load-route-query';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/users/')({
  validateSearch: userListSearchSchema,
  loaderDeps: ({ search }) => ({ statuses: effectiveUserStatuses(search.statuses) }),
  loader: ({ context: { queryClient }, params, deps, cause }) => {
    return loadRouteQuery(queryClient, cause, usersQueryOptions(params.tenant, params.depoId, deps.statuses));
  },
  component: UsersPage,
});

function UsersPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { statuses } = Route.useLoaderDeps();
  const { tenant, depos } = useCurrentMember();
  const navigate = Route.useNavigate();
  const users = useUsers(slug, depoId, statuses);
  useLiveInvalidation(
    liveTopics.tenant(tenant.id, 'tenant_memberships'),
    queryKeys.tenant(slug).depo(depoId).resource('users').all,
  );
  useFlashOnError(users.error);

  const renderActions = useCallback(
    (user: StaffUser) => (
      <Link
        to="/$tenant/admin/depo/$depoId/users/$userId/edit"
        params={{ tenant: slug, depoId, userId: user.id }}
        aria-label={`Edit ${user.email}`}
      >
        Edit
      </Link>
    ),
    [slug, depoId],
  );

  return (
    <section className="admin-page">
      <div className="admin-page__header">
        <h1>Users</h1>
        <Link
          className="button button--primary"
          to="/$tenant/admin/depo/$depoId/users/new"
          params={{ tenant: slug, depoId }}
        >
          New user
        </Link>
      </div>
      <UserStatusFilter
        statuses={statuses}
        onChange={(next) => void navigate({ search: (previous) => ({ ...previous, statuses: next }) })}
      />
      <QueryState what="users" isPending={false} error={users.error} onRetry={() => void users.refetch()} />
      <UsersTable users={users.data} loading={users.isPending} depos={depos} renderActions={renderActions} />
    </section>
  );
}
