import { createFileRoute, Link } from '@tanstack/react-router';
import { smsTemplateQueryOptions, useSmsTemplate } from '@/features/sms-templates/api/get-sms-template';
import { SmsTemplateForm } from '@/features/sms-templates/components/sms-template-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { recordIdParam } from '../../-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/admin/sms_templates/$id/edit')({
  params: recordIdParam('id'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(smsTemplateQueryOptions(params.tenant, params.id)),
  component: EditSmsTemplatePage,
});

function EditSmsTemplatePage() {
  const { tenant: slug, id } = Route.useParams();
  const { tenant } = useCurrentMember();
  const template = useSmsTemplate(slug, id);
  useFlashOnError(template.error);
  return (
    <section>
      <PageTitleBar title="Edit SMS template">
        <Link to="/$tenant/admin/sms_templates" params={{ tenant: slug }}>
          Back to SMS templates
        </Link>
      </PageTitleBar>
      <QueryState
        what="the SMS template"
        isPending={template.isPending}
        error={template.error}
        onRetry={() => void template.refetch()}
      />
      {template.data && (
        <SmsTemplateForm key={template.data.id} slug={slug} tenantId={tenant.id} template={template.data} />
      )}
    </section>
  );
}
