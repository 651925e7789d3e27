import { createFileRoute } from '@tanstack/react-router';
import { eodHeaderQueryOptions } from '@/features/eod/api/eod-detail';
import { EodDetailPage } from '@/features/eod/components/eod-detail-page';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { oneOf, positiveInt } from '@/shared/routing/url-values';
import { recordIdParam } from '../../../admin/-components/record-id-param';

// The EOD detail (delivery-operations §2 "/end_of_day_reports/{id}"): Orders and Order line items, 100 a page.
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/end_of_day_reports/$reportId')({
  params: recordIdParam('reportId'),
  validateSearch: (raw: Record<string, unknown>): { tab?: 'orders' | 'line_items'; page?: number } => ({
    tab: oneOf(['orders', 'line_items'] as const, raw.tab),
    page: positiveInt(raw.page),
  }),
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(queryClient, cause, eodHeaderQueryOptions(params.tenant, params.depoId, params.reportId)),
  component: EodDetailRoute,
});

function EodDetailRoute() {
  const { depoId, reportId } = Route.useParams();
  const { tab, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { tenant } = useCurrentMember();
  return (
    <EodDetailPage
      tenant={tenant}
      depoId={depoId}
      reportId={reportId}
      tab={tab ?? 'orders'}
      page={page ?? 1}
      onChange={(next) => void navigate({ search: next })}
    />
  );
}
