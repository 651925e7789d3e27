import { createFileRoute } from '@tanstack/react-router';
import { smsOutboxQueryOptions, useSmsOutbox } from '@/features/sms-outbox/api/get-sms-outbox';
import { SmsOutboxTable } from '@/features/sms-outbox/components/sms-outbox-table';
import { useLiveSmsOutbox } from '@/features/sms-outbox/use-live-sms-outbox';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/sms_outbox/')({
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(queryClient, cause, smsOutboxQueryOptions(params.tenant, params.depoId)),
  component: SmsOutboxPage,
});

function SmsOutboxPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const messages = useSmsOutbox(slug, depoId);
  useLiveSmsOutbox(slug, depoId);
  useFlashOnError(messages.error);
  return (
    <section>
      <PageTitleBar title="SMS sent" />
      <QueryState what="SMS" isPending={false} error={messages.error} onRetry={() => void messages.refetch()} />
      <SmsOutboxTable
        messages={messages.data}
        loading={messages.isPending}
        dateFormat={tenant.date_format}
        timeZone={tenant.time_zone}
      />
    </section>
  );
}
