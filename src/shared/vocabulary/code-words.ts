import type { Enums } from '@/shared/supabase/database.types';

/**
 * The words a person reads for the codes the database keeps (a stock kind, an SMS skip reason): one map, so no
 * screen shows `write_off` or `no_sms_permission`. The codes stay the values of selects and filters.
 */

export const stockKindWords: Record<Enums<'stock_kind'>, string> = {
  regular: 'Regular',
  sales: 'Sales',
  write_off: 'Write-off',
  manual_counting: 'Manual counting',
  other: 'Other',
  win_lose: 'Win/lose',
};

/** A stock kind in words; an unknown code as it is (a kind added later still shows). */
export const stockKindWord = (kind: string): string => stockKindWords[kind as Enums<'stock_kind'>] ?? kind;

/** Why an SMS was not sent (sms_receivers.reason_of_sms_skip, set by the database's SMS rules). */
export const smsSkipReasonWords: Record<string, string> = {
  no_sms_permission: 'No SMS permission',
  unsubscribed: 'Unsubscribed',
  sms_stopped: 'SMS stopped',
  point_visited: 'Stop already visited',
  stop_skipped: 'Stop skipped',
  invalid_phone: 'Invalid phone number',
  too_late: 'Too late',
};

/** A skip reason in words; several codes (`a, b`) each in words. */
export function smsSkipReasonWord(reason: string): string {
  return reason
    .split(/\s*,\s*/)
    .filter((code) => code !== '')
    .map((code) => smsSkipReasonWords[code] ?? code.replaceAll('_', ' '))
    .join(', ');
}
