import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { SmsTemplateRow } from '../sms-template-form-values';

export function getSmsTemplate(id: number): Promise<SmsTemplateRow> {
  return runQuery(supabase.from('sms_templates').select('*').eq('id', id).single());
}

export const smsTemplateQueryOptions = (slug: string, id: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('sms_templates').detail(id),
    queryFn: () => getSmsTemplate(id),
  });

export const useSmsTemplate = (slug: string, id: number) => useQuery(smsTemplateQueryOptions(slug, id));
