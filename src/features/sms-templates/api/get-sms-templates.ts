import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { SmsTemplateRow } from '../sms-template-form-values';

export function getSmsTemplates(tenantId: string): Promise<SmsTemplateRow[]> {
  return runQuery(supabase.from('sms_templates').select('*').eq('tenant_id', tenantId).order('id'));
}

export const smsTemplateListsKey = (slug: string) => queryKeys.tenant(slug).resource('sms_templates').lists();

export const smsTemplatesQueryOptions = (slug: string, tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('sms_templates').list(),
    queryFn: () => getSmsTemplates(tenantId),
  });

export const useSmsTemplates = (slug: string, tenantId: string) => useQuery(smsTemplatesQueryOptions(slug, tenantId));
