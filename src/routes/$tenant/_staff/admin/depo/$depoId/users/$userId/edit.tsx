import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { userQueryOptions, useUser } from '@/features/users/api/get-user';
import { GeneratedPasswordLink } from '@/features/users/components/generated-password-link';
import { UserForm } from '@/features/users/components/user-form';
import { forgetGeneratedPasswordUrl, generatedPasswordUrlFor } from '@/features/users/generated-password-links';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

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

  return (
    <RecordPage
      title="Edit user"
      className="page--narrow"
      back={
        <Link to="/$tenant/admin/depo/$depoId/users" params={{ tenant: slug, depoId }}>
          Back to users
        </Link>
      }
      record={{ what: 'user', query: user }}
    >
      {passwordUrl && (
        <GeneratedPasswordLink
          url={passwordUrl}
          onDismiss={() => {
            forgetGeneratedPasswordUrl(userId);
            setPasswordUrl(null);
          }}
        />
      )}
      {user.data && (
        <UserForm
          key={user.data.id}
          tenant={tenant}
          viewerRole={role}
          depos={depos}
          depoId={depoId}
          user={user.data}
          onSaved={() => undefined}
        />
      )}
    </RecordPage>
  );
}
