import { createFileRoute, Link } from '@tanstack/react-router';
import { UserForm } from '@/features/users/components/user-form';
import { rememberGeneratedPasswordUrl } from '@/features/users/generated-password-links';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/users/new')({
  component: NewUserPage,
});

function NewUserPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant, role, depos } = useCurrentMember();
  const navigate = Route.useNavigate();
  return (
    <RecordPage
      title="New user"
      className="page--narrow"
      back={
        <Link to="/$tenant/admin/depo/$depoId/users" params={{ tenant: slug, depoId }}>
          Back to users
        </Link>
      }
    >
      <UserForm
        tenant={tenant}
        viewerRole={role}
        depos={depos}
        depoId={depoId}
        user={null}
        onSaved={(user, created) => {
          if (!created) return;
          // Kept until dismissed: the edit page shows it, also after a reload.
          if (user.generated_password_url) rememberGeneratedPasswordUrl(user.id, user.generated_password_url);
          void navigate({
            to: '/$tenant/admin/depo/$depoId/users/$userId/edit',
            params: { tenant: slug, depoId, userId: user.id },
            replace: true,
          });
        }}
      />
    </RecordPage>
  );
}
