import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { formatDmy } from '@/shared/dates/calendar-date';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { useCalendarWeek } from '../api/calendar-week';
import { daysOf, formatIsoWeek, shiftWeek, type IsoWeek } from '../iso-week';
import { useCalendarLive } from '../use-calendar-live';
import { CalendarGrid, type EditingCell } from './calendar-grid';
import { CalendarPresenceList } from './calendar-presence';
import { CalendarPrintButtons } from './calendar-print-buttons';
import { DeleteMultipleDialog } from './delete-multiple-dialog';
import './calendar.css';
import { NextIcon, PreviousIcon } from '@/shared/ui/icons';

/** Roles whose changes the database accepts (plan_events' writers); others see the calendar read-only. */
const WRITERS = new Set(['admin', 'depo_admin']);

/** The signed-in member as the calendar needs them (the route reads them from the current member). */
export interface CalendarViewer {
  userId: string;
  email: string;
  role: string;
  /** The tenant's prints_calendar_without_revenue flag: the second print button. */
  printsWithoutRevenue: boolean;
}

/** 'Calendar': a depo's ISO week of active cars × Monday–Sunday, live for everyone who has it open. */
export function CalendarPage({
  slug,
  depoId,
  week,
  viewer: member,
}: {
  slug: string;
  depoId: number;
  week: IsoWeek;
  viewer: CalendarViewer;
}) {
  const days = useMemo(() => daysOf(week), [week]);
  const data = useCalendarWeek(slug, depoId, days[0]);
  useFlashOnError(data.error);
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const [deletingMany, setDeletingMany] = useState(false);
  const weekText = formatIsoWeek(week);
  const others = useCalendarLive(slug, depoId, {
    user_id: member.userId,
    email: member.email,
    week: weekText,
    cell: editing?.key ?? null,
  });
  const busyCells = useMemo(
    () =>
      new Map(
        others
          .filter((other) => other.week === weekText && other.cell !== null)
          .map((other) => [other.cell ?? '', other.email]),
      ),
    [others, weekText],
  );
  const canWrite = WRITERS.has(member.role);
  const previous = formatIsoWeek(shiftWeek(week, -1));
  const next = formatIsoWeek(shiftWeek(week, 1));

  return (
    <section className="calendar">
      <PageTitleBar title="Calendar">
        {/* The week prints landscape (calendar.css). */}
        <CalendarPrintButtons withoutRevenue={member.printsWithoutRevenue} />
        {canWrite && (
          <button type="button" className="button" onClick={() => setDeletingMany(true)}>
            Delete multiple
          </button>
        )}
      </PageTitleBar>
      <nav className="calendar__weeks" aria-label="Weeks">
        <Link
          to="/$tenant/depo/$depoId/plan_event_templates/$week"
          params={{ tenant: slug, depoId, week: previous }}
          aria-label="Previous week"
        >
          <PreviousIcon />
        </Link>
        <h2 className="calendar__week">
          Week {weekText}{' '}
          <span className="muted">
            ({formatDmy(days[0])} – {formatDmy(days[6])})
          </span>
        </h2>
        <Link
          to="/$tenant/depo/$depoId/plan_event_templates/$week"
          params={{ tenant: slug, depoId, week: next }}
          aria-label="Next week"
        >
          <NextIcon />
        </Link>
      </nav>
      <CalendarPresenceList others={others} />
      <QueryState
        what="the calendar"
        isPending={data.isPending}
        error={data.error}
        onRetry={() => void data.refetch()}
      />
      {data.data && (
        <CalendarGrid
          slug={slug}
          depoId={depoId}
          days={days}
          week={data.data}
          canWrite={canWrite}
          editing={editing}
          onEdit={setEditing}
          busyCells={busyCells}
        />
      )}
      {deletingMany && data.data && (
        <DeleteMultipleDialog
          slug={slug}
          depoId={depoId}
          cars={data.data.cars.filter((car) => car.is_current_depo)}
          onClose={() => setDeletingMany(false)}
        />
      )}
    </section>
  );
}
