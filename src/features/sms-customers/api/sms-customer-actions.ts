import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The N of the confirm, counted by the database with the filter the send uses. */
export const countSmsToSend = (planEventId: number, customerIds: number[]): Promise<number> =>
  runQuery(supabase.rpc('sms_send_count', { plan_event_id: planEventId, selected_customer_ids: customerIds }));

export interface TemplateSend {
  planEventId: number;
  templateId: number;
  customerIds: number[];
  /** The same key for the same intent: a repeated request schedules nothing new. */
  requestKey: string;
}

/** The SMS engine's template send; answers 'You successfully scheduled N SMS sending'. */
export const sendTemplateSms = ({ planEventId, templateId, customerIds, requestKey }: TemplateSend): Promise<string> =>
  runQuery(
    supabase.rpc('send_stop_sms', {
      plan_event_id: planEventId,
      sms_template_id: templateId,
      selected_customer_ids: customerIds,
      request_key: requestKey,
    }),
  );
