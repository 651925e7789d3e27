/** A car's latest GPS fix as the list shows it: `55.67610, 12.56830`; empty before the first fix. */
export function formatCarLocation(lat: number | null, lng: number | null): string {
  if (lat === null || lng === null) return '';
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/**
 * A moment as `DD-MM-YYYY HH:mm:ss` in the tenant's time zone (the depot's wall clock, whatever the
 * browser's zone); empty when there is none.
 */
export function formatTimestamp(iso: string | null, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
