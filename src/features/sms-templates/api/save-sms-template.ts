import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { SmsTemplateInput, SmsTemplateRow } from '../sms-template-form-values';
import { smsTemplateListsKey } from './get-sms-templates';

export interface SaveSmsTemplateInput {
  /** None: create (POST); then the returned id edits it (PATCH). */
  id?: number;
  tenantId: string;
  template: SmsTemplateInput;
}

export function saveSmsTemplate({ id, tenantId, template }: SaveSmsTemplateInput): Promise<SmsTemplateRow> {
  const table = supabase.from('sms_templates');
  return runQuery(
    id === undefined
      ? table
          .insert({ ...template, tenant_id: tenantId })
          .select('*')
          .single()
      : table.update(template).eq('id', id).select('*').single(),
  );
}

export function useSaveSmsTemplate(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSmsTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(queryKeys.tenant(slug).resource('sms_templates').detail(template.id), template);
      void queryClient.invalidateQueries({ queryKey: smsTemplateListsKey(slug) });
    },
  });
}
