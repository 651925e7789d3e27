import type { SmsCustomer } from './api/sms-customers-data';

export type SmsState = 'sent' | 'skipped' | 'stopped' | 'pending';

/** Where a customer's arrival SMS stands, in the list's words. */
export function smsState(row: Pick<SmsCustomer, 'sms_sent_at' | 'sms_sent_skipped_at' | 'sms_stopped_at'>): SmsState {
  if (row.sms_sent_at) return 'sent';
  if (row.sms_sent_skipped_at) return 'skipped';
  if (row.sms_stopped_at) return 'stopped';
  return 'pending';
}

export const smsStateLabels: Record<SmsState, string> = {
  sent: 'Sent',
  skipped: 'Skipped',
  stopped: 'Stopped',
  pending: 'Waiting',
};

/** Spec §4 "SMS list": rows with a stopped record cannot be selected. */
export const canSelect = (row: Pick<SmsCustomer, 'sms_stopped_at'>) => row.sms_stopped_at === null;
