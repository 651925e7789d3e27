import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { weekdaySmsCustomersQueryOptions } from '@/features/sms-customers/api/sms-customers-queries';
import { WeekdaySmsCustomersPage } from '@/features/sms-customers/components/weekday-sms-customers-page';
import { useLiveSmsCustomers } from '@/features/sms-customers/use-live-sms-customers';
import { parseSlashDmy } from '@/shared/dates/slash-date';
import { useCurrentMember } from '@/features/tenants/current-member';
import { todayIso } from '@/shared/dates/calendar-date';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';

// All SMS customers of a day in the depo (delivery-operations §2 "/plan_events/all_customers/{weekday?}", the day
// passed as ?weekday=DD/MM/YYYY; without it the tenant's today), the calendar day header's link.
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/plan_events/all_customers')({
  validateSearch: (search: Record<string, unknown>): { weekday?: string } =>
    typeof search.weekday === 'string' ? { weekday: search.weekday } : {},
  component: AllCustomersRoute,
});

function AllCustomersRoute() {
  const { tenant: slug, depoId } = Route.useParams();
  const { weekday } = Route.useSearch();
  const { tenant } = useCurrentMember();
  const day = parseSlashDmy(weekday) ?? todayIso(new Date(), tenant.time_zone);
  const options = weekdaySmsCustomersQueryOptions(slug, depoId, day);
  const answer = useQuery(options);
  useLiveSmsCustomers(depoId, options.queryKey);
  useFlashOnError(answer.error);
  return (
    <>
      <QueryState
        what="SMS customers"
        isPending={answer.isPending}
        error={answer.error}
        onRetry={() => void answer.refetch()}
      />
      {answer.data ? <WeekdaySmsCustomersPage tenant={tenant} depoId={depoId} data={answer.data} /> : null}
    </>
  );
}
