import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** Spec §8, word for word. */
export const SMS_STOPPED = 'SMS send out stopped successfully';
export const SMS_STOP_REFUSED = 'You are not allowed to stop sms sendout for this plan event';

/**
 * The SMS engine's Stop SMS (migrations ..._sms_staff_actions.sql, ..._sms_customers.sql): every SMS of the plan
 * event not yet sent; admins, depo admins and support of its depo, once. Answers how many it stopped.
 */
export const stopSendingSms = (planEventId: number): Promise<number> =>
  runQuery(supabase.rpc('stop_sending_sms', { plan_event_id: planEventId }));
