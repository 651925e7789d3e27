import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { depoListsKey } from './api/get-depo-list';

/** Keeps the depos list live: depo changes are broadcast on `tenant:<uuid>:depos`. */
export function useLiveDepos(slug: string, tenantId: string): void {
  useLiveInvalidation(liveTopics.tenant(tenantId, 'depos'), depoListsKey(slug));
}
