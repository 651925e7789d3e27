import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** How many of the latest SMS the screen lists. */
export const SMS_OUTBOX_LIMIT = 500;

const SMS_OUTBOX_COLUMNS = 'id, created_at, sent_at, phone, text, status, kind, plan_event_id, depo_id';

/** The latest SMS of a depo, newest first: the local provider's record and every real provider's status. */
export function getSmsOutbox(depoId: number) {
  return runQuery(
    supabase
      .from('sms_outbox')
      .select(SMS_OUTBOX_COLUMNS)
      .eq('depo_id', depoId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(SMS_OUTBOX_LIMIT),
  );
}

export type SmsOutboxRow = Awaited<ReturnType<typeof getSmsOutbox>>[number];

export const smsOutboxQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('sms_outbox').list(),
    queryFn: () => getSmsOutbox(depoId),
  });

export const useSmsOutbox = (slug: string, depoId: number) => useQuery(smsOutboxQueryOptions(slug, depoId));
