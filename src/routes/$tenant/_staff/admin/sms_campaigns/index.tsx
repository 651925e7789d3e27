import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { smsCampaignsQueryOptions, useSmsCampaigns } from '@/features/sms-campaigns/api/get-sms-campaigns';
import { SmsCampaignsTable } from '@/features/sms-campaigns/components/sms-campaigns-table';
import type { SmsCampaignRow } from '@/features/sms-campaigns/sms-campaign-form-values';
import { useLiveSmsCampaigns } from '@/features/sms-campaigns/use-live-sms-campaigns';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';

// The spec fixes campaign dates to DD-MM-YYYY in every tenant (the form's picker uses the same).
const CAMPAIGN_DATE_FORMAT = 'DD-MM-YYYY';

export const Route = createFileRoute('/$tenant/_staff/admin/sms_campaigns/')({
  loader: ({ context: { queryClient, membership }, params }) =>
    queryClient.ensureQueryData(smsCampaignsQueryOptions(params.tenant, membership.tenant_id)),
  component: SmsCampaignsPage,
});

function SmsCampaignsPage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  const campaigns = useSmsCampaigns(slug, tenant.id);
  useLiveSmsCampaigns(slug, tenant.id);
  useFlashOnError(campaigns.error);

  const renderActions = useCallback(
    (campaign: SmsCampaignRow) => (
      <Link to="/$tenant/admin/sms_campaigns/$smsCampaignId/edit" params={{ tenant: slug, smsCampaignId: campaign.id }}>
        Edit
      </Link>
    ),
    [slug],
  );

  return (
    <section>
      <PageTitleBar title="SMS campaigns">
        <Link className="button button--primary" to="/$tenant/admin/sms_campaigns/new" params={{ tenant: slug }}>
          New SMS campaign
        </Link>
      </PageTitleBar>
      <QueryState
        what="SMS campaigns"
        isPending={false}
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
      />
      <SmsCampaignsTable
        campaigns={campaigns.data}
        loading={campaigns.isPending}
        dateFormat={CAMPAIGN_DATE_FORMAT}
        renderActions={renderActions}
      />
    </section>
  );
}
