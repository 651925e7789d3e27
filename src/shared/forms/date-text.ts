import { z } from 'zod';
import { formatDate, type IsoDate, type TenantDateFormat } from '@/shared/dates/calendar-date';
import { serverMessage } from '@/shared/errors/server-messages';
import { parseTenantDate } from '@/shared/format/tenant-date';

/**
 * A date field's typed text, read in the tenant's format into an ISO date: "can't be blank" when empty,
 * "is invalid" when it is no real date. The form keeps the text, so nothing typed is lost.
 */
export function tenantDateText(format: TenantDateFormat = 'DD-MM-YYYY') {
  return z
    .string()
    .trim()
    .min(1, { message: serverMessage('blank'), abort: true })
    .transform((text, context): IsoDate => {
      const iso = parseTenantDate(text, format);
      if (iso === null) {
        context.addIssue({ code: 'custom', message: serverMessage('invalid') });
        return z.NEVER;
      }
      return iso;
    });
}

/** A stored ISO date as the field shows it. */
export const dateText = (iso: IsoDate | null | undefined, format: TenantDateFormat = 'DD-MM-YYYY'): string =>
  iso ? formatDate(iso, format) : '';
