/** Wall-clock text (`YYYY-MM-DDTHH:mm`, a datetime-local input) in a time zone, to and from an instant. */

function wallClockParts(instant: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  return Object.fromEntries(parts.filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the zone's wall clock, for a datetime-local input. */
export function zonedInputValue(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const p = wallClockParts(new Date(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The instant a wall-clock time in the zone names (the zone's offset at that moment, DST included). */
export function instantFromZoned(text: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at the guess, then once more at the corrected instant (a DST change in between).
  let instant = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const p = wallClockParts(new Date(instant), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    instant = asUtc - (shown - instant);
  }
  return new Date(instant).toISOString();
}
