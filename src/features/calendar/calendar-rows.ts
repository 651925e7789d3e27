import { addDays, type IsoDate } from '@/shared/dates/calendar-date';

/** What a calendar row draws, day by day: an event over `span` days (merged cells), or an empty day. */
export type RowCell<E> = { kind: 'event'; event: E; date: IsoDate; span: number } | { kind: 'empty'; date: IsoDate };

interface Spanning {
  date: IsoDate;
  day_span: number;
}

/**
 * Lays a car's plan events over the week's days: a multi-day event (also one that began the week before, or runs
 * past Sunday) takes one cell spanning its days within the week; days without an event are empty cells.
 */
export function rowCells<E extends Spanning>(days: IsoDate[], events: E[]): RowCell<E>[] {
  const cells: RowCell<E>[] = [];
  const sorted = [...events].sort((a, b) => a.date.localeCompare(b.date));
  let index = 0;
  while (index < days.length) {
    const day = days[index];
    const event = sorted.find(
      (candidate) => candidate.date <= day && day <= addDays(candidate.date, candidate.day_span - 1),
    );
    if (!event) {
      cells.push({ kind: 'empty', date: day });
      index += 1;
      continue;
    }
    const last = addDays(event.date, event.day_span - 1);
    const span = days.slice(index).filter((later) => later <= last).length;
    cells.push({ kind: 'event', event, date: day, span });
    index += span;
  }
  return cells;
}
