import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { dateText, tenantDateText } from '@/shared/forms/date-text';
import { requiredText } from '@/shared/forms/text-rules';
import type { Tables } from '@/shared/supabase/database.types';

export type SmsCampaignRow = Tables<'sms_campaigns'>;

/** The campaign form; dates as typed, DD-MM-YYYY (admin-core §9), '' for none. */
export interface SmsCampaignFormValues {
  name: string;
  text: string;
  start_date: string;
  end_date: string;
}

export const newSmsCampaignValues = (): SmsCampaignFormValues => ({ name: '', text: '', start_date: '', end_date: '' });

export const smsCampaignValuesFromRow = (campaign: SmsCampaignRow): SmsCampaignFormValues => ({
  name: campaign.name,
  text: campaign.text,
  start_date: dateText(campaign.start_date),
  end_date: dateText(campaign.end_date),
});

/**
 * Name and text within the table's lengths, both dates as real DD-MM-YYYY dates, the end not before the
 * start (the table's check). Include subscribe info is not sent: it is not yet available.
 */
export const smsCampaignInputSchema = z
  .object({
    name: requiredText(120),
    text: requiredText(1600),
    start_date: tenantDateText(),
    end_date: tenantDateText(),
  })
  .refine((campaign) => campaign.end_date >= campaign.start_date, {
    path: ['end_date'],
    message: serverMessage('invalid'),
  });

export type SmsCampaignInput = z.output<typeof smsCampaignInputSchema>;
