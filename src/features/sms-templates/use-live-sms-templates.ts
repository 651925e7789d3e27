import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { smsTemplateListsKey } from './api/get-sms-templates';

/** Keeps the templates list live (`tenant:<uuid>:sms_templates`). */
export function useLiveSmsTemplates(slug: string, tenantId: string): void {
  useLiveInvalidation(liveTopics.tenant(tenantId, 'sms_templates'), smsTemplateListsKey(slug));
}
