import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { SmsCampaignForm } from '@/features/sms-campaigns/components/sms-campaign-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';

export const Route = createFileRoute('/$tenant/_staff/admin/sms_campaigns/new')({
  component: NewSmsCampaignPage,
});

function NewSmsCampaignPage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <section>
      <PageTitleBar title="New SMS campaign">
        <Link to="/$tenant/admin/sms_campaigns" params={{ tenant: slug }}>
          Back to SMS campaigns
        </Link>
      </PageTitleBar>
      <SmsCampaignForm
        slug={slug}
        tenantId={tenant.id}
        timeZone={tenant.time_zone}
        onCreated={(campaign) =>
          void navigate({
            to: '/$tenant/admin/sms_campaigns/$smsCampaignId/edit',
            params: { tenant: slug, smsCampaignId: campaign.id },
            replace: true,
          })
        }
      />
    </section>
  );
}
