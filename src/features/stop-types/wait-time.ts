/**
 * A stop's wait time: stored as decimal hours (`1.5`), shown and typed as hh:mm (`01:30`).
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `1.5` -> `01:30`; a value that already contains a colon is kept as it is; empty for none. */
export function formatWaitTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && value.includes(':')) return value;
  const hours = Number(value);
  if (!Number.isFinite(hours) || hours < 0) return String(value);
  const totalMinutes = Math.round(hours * 60);
  return `${pad(Math.floor(totalMinutes / 60))}:${pad(totalMinutes % 60)}`;
}

/**
 * What was typed, as decimal hours with the column's two decimals: `01:30` or `1:30` -> 1.5, and a
 * decimal (`1.5`, `1,5`) as it is. Null when it is neither (or minutes of 60 and more).
 */
export function parseWaitTime(text: string): number | null {
  const trimmed = text.trim();
  const clock = /^(\d{1,3}):(\d{2})$/.exec(trimmed);
  if (clock) {
    const minutes = Number(clock[2]);
    if (minutes >= 60) return null;
    return Math.round((Number(clock[1]) + minutes / 60) * 100) / 100;
  }
  if (/^\d+([.,]\d+)?$/.test(trimmed)) return Math.round(Number(trimmed.replace(',', '.')) * 100) / 100;
  return null;
}
