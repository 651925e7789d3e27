import { todayIn } from '@/shared/dates/today-in';

/** A marker's day: 'I dag' for the tenant's today, else day and month in capitals ('25 NOV'). */
export function markerDay(visitDate: string, timeZone: string, locale: string, now: Date = new Date()): string {
  if (visitDate === todayIn(timeZone, now)) return 'I dag';
  const [year, month, day] = visitDate.split('-').map(Number);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year, month - 1, day)))
    .replace(/\.$/, '');
  return `${day} ${monthName.toLocaleUpperCase(locale)}`;
}

/** HH:mm on the tenant's clock; '' without an estimate. */
export function markerTime(estimate: string | null, timeZone: string): string {
  if (!estimate) return '';
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(estimate),
  );
}

/** The two lines under a truck marker: day, then time. */
export function markerLabel(
  stop: { arrival_date: string; google_estimate_time: string | null },
  timeZone: string,
  locale: string,
  now?: Date,
) {
  const time = markerTime(stop.google_estimate_time, timeZone);
  const day = markerDay(stop.arrival_date, timeZone, locale, now);
  return time ? `${day}\n${time}` : day;
}

/** The modal's long date, e.g. 'Tuesday 24 November 2026' (built from parts: ICU versions differ on the comma). */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(year, month - 1, day)));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** The tenants' locales ('da', 'nb') as Intl names them. */
export const intlLocale = (tenantLocale: string) =>
  tenantLocale === 'nb' ? 'nb-NO' : tenantLocale === 'da' ? 'da-DK' : tenantLocale;
