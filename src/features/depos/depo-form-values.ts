import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { optionalText, requiredText } from '@/shared/forms/text-rules';
import type { Tables, TablesInsert, TablesUpdate } from '@/shared/supabase/database.types';

export type DepoRow = Tables<'depos'>;

/** The depo form as its inputs hold it ('' for none). */
export interface DepoFormValues {
  title: string;
  description: string;
  address: string;
  address_lat: string;
  address_lng: string;
  dashboard: boolean;
  recepient: string;
  sms_text: string;
  sms_route_text: string;
  sms_subscribe_text: string;
  sms_unsubscribe_text: string;
  marketing_sms: string;
  customer_axa_id: string;
}

const text = (value: string | null) => value ?? '';
const coordinate = (value: number | null) => (value === null ? '' : String(value));

export const newDepoValues = (): DepoFormValues => ({
  title: '',
  description: '',
  address: '',
  address_lat: '',
  address_lng: '',
  dashboard: false,
  recepient: '',
  sms_text: '',
  sms_route_text: '',
  sms_subscribe_text: '',
  sms_unsubscribe_text: '',
  marketing_sms: '',
  customer_axa_id: '',
});

export function depoValuesFromRow(depo: DepoRow): DepoFormValues {
  return {
    title: depo.title,
    description: text(depo.description),
    address: text(depo.address),
    address_lat: coordinate(depo.address_lat),
    address_lng: coordinate(depo.address_lng),
    dashboard: depo.dashboard,
    recepient: text(depo.recepient),
    sms_text: text(depo.sms_text),
    sms_route_text: text(depo.sms_route_text),
    sms_subscribe_text: text(depo.sms_subscribe_text),
    sms_unsubscribe_text: text(depo.sms_unsubscribe_text),
    marketing_sms: text(depo.marketing_sms),
    customer_axa_id: text(depo.customer_axa_id),
  };
}

const optional = optionalText();

/** A coordinate as typed (a comma is taken as the decimal point), within its range as the table checks it. */
const coordinateText = (limit: number) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || Number.isFinite(Number(value.replace(',', '.'))), {
      message: serverMessage('not_a_number'),
      abort: true,
    })
    .transform((value) => (value === '' ? null : Number(value.replace(',', '.'))))
    .refine(
      (value) => value === null || Math.abs(value) <= limit,
      serverMessage('less_than_or_equal_to', { count: limit }),
    );

/** The form checked before it is sent: a title within its length, coordinates that are numbers in range, blanks as null. */
export const depoInputSchema = z.object({
  title: requiredText(120),
  description: optional,
  address: optional,
  address_lat: coordinateText(90),
  address_lng: coordinateText(180),
  dashboard: z.boolean(),
  recepient: optional,
  sms_text: optional,
  sms_route_text: optional,
  sms_subscribe_text: optional,
  sms_unsubscribe_text: optional,
  marketing_sms: optional,
  customer_axa_id: optional,
});

export type DepoInput = z.output<typeof depoInputSchema>;

/** Marketing SMS and the AX customer id are written only by tenants with marketing SMS. */
export function depoUpdate(input: DepoInput, hasMarketingSms: boolean): TablesUpdate<'depos'> {
  const { marketing_sms, customer_axa_id, ...rest } = input;
  return hasMarketingSms ? { ...rest, marketing_sms, customer_axa_id } : rest;
}

export function depoInsert(input: DepoInput, tenantId: string, hasMarketingSms: boolean): TablesInsert<'depos'> {
  return { ...depoUpdate(input, hasMarketingSms), title: input.title, tenant_id: tenantId };
}
