import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { planEventReportKey } from './plan-event-report';

/** The SMS engine's stop (migration ..._sms_staff_actions.sql): every SMS of the plan event not yet sent; not drivers. */
export const stopSendingSms = (planEventId: number): Promise<number> =>
  runQuery(supabase.rpc('stop_sending_sms', { plan_event_id: planEventId }));

export function useStopSendingSms(slug: string, depoId: number, planEventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopSendingSms,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: planEventReportKey(slug, depoId, planEventId) }),
  });
}
