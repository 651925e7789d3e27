import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { smsTemplatesQueryOptions, useSmsTemplates } from '@/features/sms-templates/api/get-sms-templates';
import { SmsTemplatesTable } from '@/features/sms-templates/components/sms-templates-table';
import type { SmsTemplateRow } from '@/features/sms-templates/sms-template-form-values';
import { useLiveSmsTemplates } from '@/features/sms-templates/use-live-sms-templates';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';

export const Route = createFileRoute('/$tenant/_staff/admin/sms_templates/')({
  loader: ({ context: { queryClient, membership }, params }) =>
    queryClient.ensureQueryData(smsTemplatesQueryOptions(params.tenant, membership.tenant_id)),
  component: SmsTemplatesPage,
});

function SmsTemplatesPage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  const templates = useSmsTemplates(slug, tenant.id);
  useLiveSmsTemplates(slug, tenant.id);
  useFlashOnError(templates.error);

  const renderActions = useCallback(
    (template: SmsTemplateRow) => (
      <Link to="/$tenant/admin/sms_templates/$id/edit" params={{ tenant: slug, id: template.id }}>
        Edit
      </Link>
    ),
    [slug],
  );

  return (
    <section>
      <PageTitleBar title="SMS templates">
        <Link className="button button--primary" to="/$tenant/admin/sms_templates/new" params={{ tenant: slug }}>
          New SMS template
        </Link>
      </PageTitleBar>
      <QueryState
        what="SMS templates"
        isPending={false}
        error={templates.error}
        onRetry={() => void templates.refetch()}
      />
      <SmsTemplatesTable templates={templates.data} loading={templates.isPending} renderActions={renderActions} />
    </section>
  );
}
