import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { smsOutboxQueryOptions } from './api/get-sms-outbox';

/** Keeps the SMS sent list live (`depo:<id>:sms_outbox`, one broadcast per dispatcher batch). */
export function useLiveSmsOutbox(slug: string, depoId: number): void {
  useLiveInvalidation(liveTopics.depo(depoId, 'sms_outbox'), smsOutboxQueryOptions(slug, depoId).queryKey);
}
