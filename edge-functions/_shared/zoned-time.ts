// Wall-clock dates and times in a tenant's time zone (IANA name), with the runtime's own Intl data.
// Free of Deno and npm: imports, so Node tests use the same code.

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(
  timeZone: string,
  atMs: number,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(atMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function zoneOffsetMs(timeZone: string, atMs: number): number {
  const c = wallClock(timeZone, atMs);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(atMs / 1000) * 1000;
}

/** The zone's calendar date at that instant, as `YYYY-MM-DD`. */
export function localDate(timeZone: string, at: Date): string {
  const c = wallClock(timeZone, at.getTime());
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** The instant a wall-clock time on a date (`YYYY-MM-DD`) happens in the zone (the later one in a DST gap). */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - zoneOffsetMs(timeZone, guess);
  const second = guess - zoneOffsetMs(timeZone, first);
  return new Date(second);
}

/** A `YYYY-MM-DD` that names a real day Postgres knows (not `2026-02-30`, `9999-99-99` or year 0): it refuses the others. */
export function isCalendarDate(value: string): boolean {
  const at = new Date(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(at.getTime()) &&
    at.toISOString().startsWith(value) &&
    at.getUTCFullYear() >= 1
  );
}
