/**
 * Wait time as the editor and the printouts show it (delivery-operations §2): decimal hours (route_points.wait_time)
 * written as hh:mm, zero padded; a value that already has a colon is kept as typed.
 */
export function formatWaitTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && value.includes(':')) return value;
  const hours = Number(value);
  if (!Number.isFinite(hours) || hours < 0) return String(value);
  const totalMinutes = Math.round(hours * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(totalMinutes / 60))}:${pad(totalMinutes % 60)}`;
}

/** The decimal hours of what a person typed: "01:30" or "1:30" → 1.5, "2" or "2.5" → hours; null when unreadable. */
export function parseWaitTime(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(trimmed);
  if (clock) return Number(clock[1]) + Number(clock[2]) / 60;
  if (/^\d{1,3}([.,]\d+)?$/.test(trimmed)) return Number(trimmed.replace(',', '.'));
  return null;
}

/** Hours rounded as the database keeps them (numeric(5, 2)). */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}
