import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { smsCampaignListsKey } from './api/get-sms-campaigns';

/** Keeps the campaigns list live (`tenant:<uuid>:sms_campaigns`). */
export function useLiveSmsCampaigns(slug: string, tenantId: string): void {
  useLiveInvalidation(liveTopics.tenant(tenantId, 'sms_campaigns'), smsCampaignListsKey(slug));
}
