import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stopSendingSms } from '@/shared/sms/stop-sending-sms';
import { planEventReportKey } from './plan-event-report';

export { stopSendingSms };

export function useStopSendingSms(slug: string, depoId: number, planEventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopSendingSms,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: planEventReportKey(slug, depoId, planEventId) }),
  });
}
