import { formatKroner } from '@/shared/format/money';

/** A moment as HH:mm on the tenant's clock (spec §9: times display as HH:mm); '' when there is none. */
export function clockTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      moment,
    );
  } catch {
    return moment.toISOString().slice(11, 16);
  }
}

/** How long the truck stood at a stop: `4 min 30 s`, `1 h 05 min`. */
export function durationText(seconds: number | null): string {
  if (seconds === null || seconds < 0) return '';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}

/** The report shows revenue in kr (spec §9), in the tenant's number format with 2 decimals. */
export function revenueText(amount: number, locale: string): string {
  return formatKroner(amount, locale);
}
