import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { userQueryOptions, useUser } from '@/features/users/api/get-user';
import { GeneratedPasswordLink } from '@/features/users/components/generated-password-link';
import { UserForm } from '@/features/users/components/user-form';
import { forgetGeneratedPasswordUrl, generatedPasswordUrlFor } from '@/features/users/generated-password-links';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/users/$userId/edit')({
  loader: ({ context: { queryClient }, params }) => {
    return queryClient.ensureQueryData(userQueryOptions(params.tenant, params.userId));
  },
  component: EditUserPage,
});

function EditUserPage() {
  const { tenant: slug, depoId, userId } = Route.useParams();
  const { tenant, role, depos } = useCurrentMember();
  const user = useUser(slug, userId);
  const [passwordUrl, setPasswordUrl] = useState(() => generatedPasswordUrlFor(userId));
  useFlashOnError(user.error);

  return (
    <section className="admin-page page--narrow">
      <div className="admin-page__header">
        <h1>Edit user</h1>
        <Link to="/$tenant/admin/depo/$depoId/users" params={{ tenant: slug, depoId }}>
          Back to users
        </Link>
      </div>
      {passwordUrl && (
        <GeneratedPasswordLink
          url={passwordUrl}
          onDismiss={() => {
            forgetGeneratedPasswordUrl(userId);
            setPasswordUrl(null);
          }}
        />
      )}
      <QueryState what="user" isPending={user.isPending} error={user.error} onRetry={() => void user.refetch()} />
      {user.data && <UserForm key={user.data.id} tenant={tenant} viewerRole={role} depos={depos} depoId={depoId} user={user.data} onSaved={() => undefined} />}
    </section>
  );
}
