import { createFileRoute } from '@tanstack/react-router';
import { UserForm } from '@/features/users/components/user-form';
import { rememberGeneratedPasswordUrl } from '@/features/users/generated-password-links';
import { useCurrentMember } from '@/features/tenants/current-member';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/users/new')({
  component: NewUserPage,
});

function NewUserPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant, role, depos } = useCurrentMember();
  const navigate = Route.useNavigate();
  return (
    <section className="admin-page page--narrow">
      <h1>New user</h1>
      <UserForm
        tenant={tenant}
        viewerRole={role}
        depos={depos}
        depoId={depoId}
        user={null}
        onSaved={(user) => {
          if (user.generated_password_url) rememberGeneratedPasswordUrl(user.id, user.generated_password_url);
          void navigate({ to: '/$tenant/admin/depo/$depoId/users/$userId/edit', params: { tenant: slug, depoId, userId: user.id }, replace: true });
        }}
      />
    </section>
  );
}
