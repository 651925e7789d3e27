import { z } from 'zod';
import { isIsoDate, type IsoDate } from '@/shared/dates/calendar-date';
import { serverMessage } from '@/shared/errors/server-messages';
import type { Tables } from '@/shared/supabase/database.types';

export type SmsCampaignRow = Tables<'sms_campaigns'>;

/** The campaign form; dates as ISO strings (the date fields show them as DD-MM-YYYY), '' for none. */
export interface SmsCampaignFormValues {
  name: string;
  text: string;
  start_date: IsoDate | '';
  end_date: IsoDate | '';
}

export const newSmsCampaignValues = (): SmsCampaignFormValues => ({ name: '', text: '', start_date: '', end_date: '' });

export const smsCampaignValuesFromRow = (campaign: SmsCampaignRow): SmsCampaignFormValues => ({
  name: campaign.name,
  text: campaign.text,
  start_date: campaign.start_date,
  end_date: campaign.end_date,
});

const blank = serverMessage('blank');
const required = z.string().trim().min(1, blank);
const date = z.string().min(1, { message: blank, abort: true }).refine(isIsoDate, serverMessage('invalid'));

/**
 * Name, text and both dates are needed, the end not before the start. Include subscribe info is
 * not sent: it is not yet available (the database refuses it too).
 */
export const smsCampaignInputSchema = z
  .object({ name: required, text: required, start_date: date, end_date: date })
  .refine((campaign) => campaign.end_date >= campaign.start_date, { path: ['end_date'], message: serverMessage('invalid') });

export type SmsCampaignInput = z.output<typeof smsCampaignInputSchema>;
