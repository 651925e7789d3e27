import { createFileRoute } from '@tanstack/react-router';
import { SalesExportPage } from '@/features/sales-export/components/sales-export-page';
import { defaultExportRange } from '@/features/sales-export/export-window';
import { useCurrentMember } from '@/features/tenants/current-member';
import { todayIn } from '@/shared/dates/today-in';

/** The EOD list's sales/transfers export as a page of its own (the list links here; absent for the ice-cream tenant). */
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/sales_export')({
  component: SalesExportRoute,
});

function SalesExportRoute() {
  const { depoId } = Route.useParams();
  const { tenant } = useCurrentMember();
  return (
    <SalesExportPage slug={tenant.slug} depoId={depoId} defaultRange={defaultExportRange(todayIn(tenant.time_zone))} />
  );
}
