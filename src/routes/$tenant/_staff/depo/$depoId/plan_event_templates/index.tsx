import { createFileRoute } from '@tanstack/react-router';
import { todayIso } from '@/shared/dates/calendar-date';
import { CalendarPage } from '@/features/calendar/components/calendar-page';
import { isoWeekOf } from '@/features/calendar/iso-week';
import { useCurrentMember } from '@/features/tenants/current-member';

/** The calendar without a week in the path: the current week on the tenant's clock. */
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/plan_event_templates/')({
  component: CurrentWeekCalendar,
});

function CurrentWeekCalendar() {
  const { tenant, depoId } = Route.useParams();
  const { tenant: row, userId, email, role } = useCurrentMember();
  const week = isoWeekOf(todayIso(new Date(), row.time_zone));
  return (
    <CalendarPage
      slug={tenant}
      depoId={depoId}
      week={week}
      viewer={{ userId, email, role, printsWithoutRevenue: row.prints_calendar_without_revenue }}
    />
  );
}
