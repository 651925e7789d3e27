import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { DepoForm } from '@/features/depos/components/depo-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';

export const Route = createFileRoute('/$tenant/_staff/admin/depos/new')({
  component: NewDepoPage,
});

function NewDepoPage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <section>
      <PageTitleBar title="New depo">
        <Link to="/$tenant/admin/depos" params={{ tenant: slug }}>
          Back to depos
        </Link>
      </PageTitleBar>
      <DepoForm
        slug={slug}
        tenantId={tenant.id}
        hasMarketingSms={tenant.has_marketing_sms}
        onCreated={(row) =>
          void navigate({ to: '/$tenant/admin/depos/$id/edit', params: { tenant: slug, id: row.id }, replace: true })
        }
      />
    </section>
  );
}
