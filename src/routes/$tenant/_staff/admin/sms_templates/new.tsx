import { createFileRoute, Link } from '@tanstack/react-router';
import { SmsTemplateForm } from '@/features/sms-templates/components/sms-template-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';

export const Route = createFileRoute('/$tenant/_staff/admin/sms_templates/new')({
  component: NewSmsTemplatePage,
});

function NewSmsTemplatePage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  return (
    <section>
      <PageTitleBar title="New SMS template">
        <Link to="/$tenant/admin/sms_templates" params={{ tenant: slug }}>
          Back to SMS templates
        </Link>
      </PageTitleBar>
      <SmsTemplateForm slug={slug} tenantId={tenant.id} />
    </section>
  );
}
