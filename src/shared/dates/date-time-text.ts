import { formatTenantDateTime } from '@/shared/format/tenant-date';

/**
 * `22-11-2026 14:05` in the tenant's time zone (staff screens write dates DD-MM-YYYY and times HH:mm, never
 * ISO); '' for no value.
 */
export function formatDateTime(iso: string | null | undefined, timeZone = 'UTC'): string {
  if (!iso) return '';
  if (Number.isNaN(new Date(iso).getTime())) return '';
  return formatTenantDateTime(iso, 'DD-MM-YYYY', timeZone);
}

/** `14:05` in the tenant's time zone; '' for no value. */
export function formatTimeOfDay(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('sv-SE', { timeZone, hour: '2-digit', minute: '2-digit' }).format(date);
}
