import { z } from 'zod';
import { requiredText } from '@/shared/forms/text-rules';
import type { Tables } from '@/shared/supabase/database.types';

export type SmsTemplateRow = Tables<'sms_templates'>;

export interface SmsTemplateFormValues {
  name: string;
  text: string;
}

export const newSmsTemplateValues = (): SmsTemplateFormValues => ({ name: '', text: '' });

export const smsTemplateValuesFromRow = (template: SmsTemplateRow): SmsTemplateFormValues => ({
  name: template.name,
  text: template.text,
});

/** Both fields are needed, within the table's lengths (name 120, text 1600); the text keeps its inner line breaks. */
export const smsTemplateInputSchema = z.object({ name: requiredText(120), text: requiredText(1600) });

export type SmsTemplateInput = z.output<typeof smsTemplateInputSchema>;
