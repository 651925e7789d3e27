// Which part of a plan event the simulator drives today. A plan event covers `day_span` days from its date;
// each day the truck leaves the depo at the plan event's start time and drives that day's stops: the stops
// whose arrival_date is that day (a stop without one belongs to the first day), or, when no stop has an
// arrival date, an even share of the stops in order. Free of Deno and npm: imports (Node unit tests).
import type { LatLng, TripPlan, TripStop } from '../_shared/providers/gps.ts';
import { zonedInstant } from '../_shared/zoned-time.ts';

export interface PlannedStop extends TripStop {
  position: number;
  arrivalDate: string | null;
}

export interface PlanEventDays {
  tenantId: string;
  planEventId: number;
  /** The first day, `YYYY-MM-DD`. */
  date: string;
  daySpan: number;
  startAtHour: number;
  startAtMin: number;
  depot: LatLng;
  end: LatLng | null;
  stops: PlannedStop[];
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** `YYYY-MM-DD` moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The stops of day `dayIndex` (0 = the plan event's date), in driving order. */
export function stopsOfDay(event: Pick<PlanEventDays, 'date' | 'daySpan' | 'stops'>, dayIndex: number): TripStop[] {
  const ordered = [...event.stops].sort((a, b) => a.position - b.position);
  let mine: PlannedStop[];
  if (ordered.some((s) => s.arrivalDate !== null)) {
    const day = addDays(event.date, dayIndex);
    mine = ordered.filter((s) => (s.arrivalDate ?? event.date) === day);
  } else {
    const perDay = Math.ceil(ordered.length / Math.max(1, event.daySpan));
    mine = ordered.slice(dayIndex * perDay, (dayIndex + 1) * perDay);
  }
  return mine.map(({ lat, lng, waitHours }) => ({ lat, lng, waitHours }));
}

/** Today's trip of the plan event in the tenant's zone, or null when the plan event does not cover today. */
export function tripOfTheDay(event: PlanEventDays, today: string, timeZone: string): TripPlan | null {
  const dayIndex = daysBetween(event.date, today);
  if (dayIndex < 0 || dayIndex >= Math.max(1, event.daySpan)) return null;
  return {
    // Day 1 keeps the plan event's own noise sequence; later days get their own.
    seed:
      dayIndex === 0 ? `${event.tenantId}:${event.planEventId}` : `${event.tenantId}:${event.planEventId}:${dayIndex}`,
    startAt: zonedInstant(today, event.startAtHour, event.startAtMin, timeZone),
    depot: event.depot,
    stops: stopsOfDay(event, dayIndex),
    end: event.end,
  };
}
