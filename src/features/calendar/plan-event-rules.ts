import { z } from 'zod';
import { parseTenantDate } from '@/shared/format/tenant-date';
import type { IsoDate } from '@/shared/dates/calendar-date';
import { serverMessage } from '@/shared/errors/server-messages';

/** The spec's default recurrence: every 14 days. */
export const DEFAULT_RECURRENCE_INTERVAL = 14;
export const INVALID_RECURRENCE = 'Invalid!';

/** The form's text for a recurrence (end date DD-MM-YYYY and interval in days), or null when it is not valid. */
export function readRecurrence(
  endDateText: string,
  intervalText: string,
  from: IsoDate,
): { endDate: IsoDate; interval: number } | null {
  const endDate = parseTenantDate(endDateText.trim(), 'DD-MM-YYYY');
  const interval = /^\s*\d+\s*$/.test(intervalText) ? Number(intervalText) : NaN;
  if (endDate === null || endDate < from || !Number.isInteger(interval) || interval < 1) return null;
  return { endDate, interval };
}

const chosen = z.string().min(1, serverMessage('blank'));

/** Route and driver, as both the new-event and the edit form pick them. */
export const assignmentSchema = z.object({ route_id: chosen, user_id: chosen });

/** A new plan event: route, driver, and when Recurring is on a valid end date and interval ('Invalid!'). */
export const newPlanEventSchema = (date: IsoDate) =>
  assignmentSchema
    .extend({ recurring: z.boolean(), end_date: z.string(), interval: z.string() })
    .superRefine((values, context) => {
      if (values.recurring && readRecurrence(values.end_date, values.interval, date) === null) {
        context.addIssue({ code: 'custom', path: ['recurrence'], message: INVALID_RECURRENCE });
      }
    });

export type NewPlanEventValues = z.input<ReturnType<typeof newPlanEventSchema>>;

/** Start time: hours 0–23 and minutes 0–59 from an HH:mm field (the picker's step is one minute). */
export const startTimeSchema = z.object({
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, serverMessage('invalid'))
    .transform((text) => ({ hour: Number(text.slice(0, 2)), minute: Number(text.slice(3, 5)) })),
});

export const hhmm = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
