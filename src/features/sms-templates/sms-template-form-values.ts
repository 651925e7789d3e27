import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import type { Tables } from '@/shared/supabase/database.types';

export type SmsTemplateRow = Tables<'sms_templates'>;

export interface SmsTemplateFormValues {
  name: string;
  text: string;
}

export const newSmsTemplateValues = (): SmsTemplateFormValues => ({ name: '', text: '' });

export const smsTemplateValuesFromRow = (template: SmsTemplateRow): SmsTemplateFormValues => ({ name: template.name, text: template.text });

const required = z.string().trim().min(1, serverMessage('blank'));

/** Both fields are needed; the text keeps its inner line breaks. */
export const smsTemplateInputSchema = z.object({ name: required, text: required });

export type SmsTemplateInput = z.output<typeof smsTemplateInputSchema>;
