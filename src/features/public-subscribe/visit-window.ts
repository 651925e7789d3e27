/** The subscribe list's arrival window: the estimate minus 10 to plus 20 minutes (spec §9). */
export const WINDOW_BEFORE_MINUTES = 10;
export const WINDOW_AFTER_MINUTES = 20;

/** How many coming visits show until 'see more times'. */
export const FIRST_VISITS_SHOWN = 4;

function timeIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    date,
  );
}

/** "14:05-14:35" in the site's time zone; null without an estimate. */
export function visitWindow(estimateIso: string | null, timeZone: string): string | null {
  if (!estimateIso) return null;
  const estimate = new Date(estimateIso).getTime();
  if (Number.isNaN(estimate)) return null;
  const from = new Date(estimate - WINDOW_BEFORE_MINUTES * 60_000);
  const to = new Date(estimate + WINDOW_AFTER_MINUTES * 60_000);
  return `${timeIn(from, timeZone)}-${timeIn(to, timeZone)}`;
}

/** "torsdag 26. november" in Danish or Norwegian, for a visit's date (YYYY-MM-DD, the tenant's local date). */
export function visitDate(date: string, language: 'dk' | 'no'): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language === 'dk' ? 'da-DK' : 'nb-NO', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** Distance for people: metres under 1 km, else kilometres with one decimal. */
export function formatDistance(metres: number, language: 'dk' | 'no'): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toLocaleString(language === 'dk' ? 'da-DK' : 'nb-NO', { maximumFractionDigits: 1 })} km`;
}
