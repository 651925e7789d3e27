import { createFileRoute, Link } from '@tanstack/react-router';
import { smsCampaignQueryOptions, useSmsCampaign } from '@/features/sms-campaigns/api/get-sms-campaign';
import { SmsCampaignForm } from '@/features/sms-campaigns/components/sms-campaign-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { recordIdParam } from '../../-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/admin/sms_campaigns/$smsCampaignId/edit')({
  params: recordIdParam('smsCampaignId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(smsCampaignQueryOptions(params.tenant, params.smsCampaignId)),
  component: EditSmsCampaignPage,
});

function EditSmsCampaignPage() {
  const { tenant: slug, smsCampaignId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const campaign = useSmsCampaign(slug, smsCampaignId);
  useFlashOnError(campaign.error);
  return (
    <section>
      <PageTitleBar title="Edit SMS campaign">
        <Link to="/$tenant/admin/sms_campaigns" params={{ tenant: slug }}>
          Back to SMS campaigns
        </Link>
      </PageTitleBar>
      <QueryState
        what="the SMS campaign"
        isPending={campaign.isPending}
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
      />
      {campaign.data && (
        <SmsCampaignForm
          key={campaign.data.id}
          slug={slug}
          tenantId={tenant.id}
          timeZone={tenant.time_zone}
          campaign={campaign.data}
        />
      )}
    </section>
  );
}
