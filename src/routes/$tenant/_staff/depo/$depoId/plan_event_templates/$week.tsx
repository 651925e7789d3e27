import { createFileRoute, notFound } from '@tanstack/react-router';
import { useCurrentMember } from '@/features/tenants/current-member';
import { CalendarPage } from '@/features/calendar/components/calendar-page';
import { parseIsoWeek, type IsoWeek } from '@/features/calendar/iso-week';

/** The calendar of an ISO week, `YYYY-W` (`2026-53`); a week the year does not have is not found. */
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/plan_event_templates/$week')({
  loader: ({ params }): IsoWeek => {
    const week = parseIsoWeek(params.week);
    if (!week) throw notFound();
    return week;
  },
  component: WeekCalendar,
});

function WeekCalendar() {
  const { tenant, depoId } = Route.useParams();
  const week = Route.useLoaderData();
  const { tenant: row, userId, email, role } = useCurrentMember();
  return (
    <CalendarPage
      slug={tenant}
      depoId={depoId}
      week={week}
      viewer={{ userId, email, role, printsWithoutRevenue: row.prints_calendar_without_revenue }}
    />
  );
}
