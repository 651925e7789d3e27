import { useEffect } from 'react';

/** What the next printout leaves out; calendar.css reads it from `<html data-calendar-print>`. */
type PrintKind = 'with-revenue' | 'without-revenue';

function printWeek(kind: PrintKind): void {
  document.documentElement.dataset.calendarPrint = kind;
  window.print();
}

/**
 * The week's print buttons (spec §2): Print, and for the tenant flagged in data (`prints_calendar_without_revenue`)
 * also Print without revenue, which leaves the days' AVG, AVG trip and Total off the page. Both print landscape.
 */
export function CalendarPrintButtons({ withoutRevenue }: { withoutRevenue: boolean }) {
  useEffect(() => {
    const reset = () => delete document.documentElement.dataset.calendarPrint;
    window.addEventListener('afterprint', reset);
    return () => {
      window.removeEventListener('afterprint', reset);
      reset();
    };
  }, []);
  return (
    <>
      <button type="button" className="button" onClick={() => printWeek('with-revenue')}>
        Print
      </button>
      {withoutRevenue && (
        <button type="button" className="button" onClick={() => printWeek('without-revenue')}>
          Print without revenue
        </button>
      )}
    </>
  );
}
