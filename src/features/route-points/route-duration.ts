/** "HH:mm" (or "HH:mm:ss" as Postgres answers a time) in minutes after midnight; null when empty or unreadable. */
export function minutesOfDay(time: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** "HH:mm" of minutes after midnight, wrapping past midnight. */
export function timeOfDay(minutes: number): string {
  const wrapped = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/** The route's duration in hours from the first to the last stop (§9), past midnight when the last is earlier. */
export function durationHours(firstStop: string | null, lastStop: string | null): number | null {
  const first = minutesOfDay(firstStop);
  const last = minutesOfDay(lastStop);
  if (first === null || last === null) return null;
  const minutes = last >= first ? last - first : last + 1440 - first;
  return Math.round((minutes / 60) * 100) / 100;
}

/** The last stop's time from the first stop and a duration in hours. */
export function lastStopFromDuration(firstStop: string | null, hours: number | null): string | null {
  const first = minutesOfDay(firstStop);
  if (first === null || hours === null || !Number.isFinite(hours)) return null;
  return timeOfDay(first + hours * 60);
}
