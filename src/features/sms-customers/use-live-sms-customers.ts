import type { QueryKey } from '@tanstack/react-query';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';

/**
 * Keeps an SMS customers page live: the dispatcher, a stop and a new subscription change `sms_receivers`, which the
 * database announces once per statement on `depo:<id>:sms_receivers`; the page's answer is then read again.
 */
export function useLiveSmsCustomers(depoId: number, queryKey: QueryKey): void {
  useLiveInvalidation(liveTopics.depo(depoId, 'sms_receivers'), queryKey);
}
