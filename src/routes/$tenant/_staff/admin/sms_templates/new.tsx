import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { SmsTemplateForm } from '@/features/sms-templates/components/sms-template-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';

export const Route = createFileRoute('/$tenant/_staff/admin/sms_templates/new')({
  component: NewSmsTemplatePage,
});

function NewSmsTemplatePage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <section>
      <PageTitleBar title="New SMS template">
        <Link to="/$tenant/admin/sms_templates" params={{ tenant: slug }}>
          Back to SMS templates
        </Link>
      </PageTitleBar>
      <SmsTemplateForm
        slug={slug}
        tenantId={tenant.id}
        onCreated={(row) =>
          void navigate({
            to: '/$tenant/admin/sms_templates/$id/edit',
            params: { tenant: slug, id: row.id },
            replace: true,
          })
        }
      />
    </section>
  );
}
