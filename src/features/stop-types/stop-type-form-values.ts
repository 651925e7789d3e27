import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { requiredText } from '@/shared/forms/text-rules';
import type { Tables } from '@/shared/supabase/database.types';
import { formatWaitTime, parseWaitTime } from './wait-time';

export type StopTypeRow = Tables<'stop_types'>;

export interface StopTypeFormValues {
  stop_type: string;
  /** hh:mm as typed. */
  wait_time: string;
}

export const newStopTypeValues = (): StopTypeFormValues => ({ stop_type: '', wait_time: '00:00' });

export const stopTypeValuesFromRow = (stopType: StopTypeRow): StopTypeFormValues => ({
  stop_type: stopType.stop_type,
  wait_time: formatWaitTime(stopType.wait_time),
});

/** A name, and a wait time the clock format can read (stored as decimal hours). */
export const stopTypeInputSchema = z.object({
  stop_type: requiredText(80),
  wait_time: z
    .string()
    .trim()
    .min(1, serverMessage('blank'))
    .transform((text, context) => {
      const hours = parseWaitTime(text);
      if (hours === null) {
        context.addIssue({ code: 'custom', message: serverMessage('invalid') });
        return z.NEVER;
      }
      return hours;
    }),
});

export type StopTypeInput = z.output<typeof stopTypeInputSchema>;
