import { parseDmy, type IsoDate } from './calendar-date';

/** `2026-11-05` -> `05/11/2026`: the day as the all-customers SMS report's URL carries it (`?weekday=`). */
export function formatSlashDmy(iso: IsoDate): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** `05/11/2026` -> `2026-11-05`; undefined when missing, otherwise spelled or no real date. */
export function parseSlashDmy(value: unknown): IsoDate | undefined {
  if (typeof value !== 'string' || !/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return undefined;
  return parseDmy(value) ?? undefined;
}
