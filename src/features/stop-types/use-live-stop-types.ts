import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { stopTypeListsKey } from './api/get-stop-types';

/** Keeps the stop types list live (`tenant:<uuid>:stop_types`). */
export function useLiveStopTypes(slug: string, tenantId: string): void {
  useLiveInvalidation(liveTopics.tenant(tenantId, 'stop_types'), stopTypeListsKey(slug));
}
