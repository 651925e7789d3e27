import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';

/** The editable fields of a B2B customer (admin-core §3), named as the columns, in form order. */
export const b2bCustomerFields = [
  { name: 'customer_name', label: 'Customer Name', kind: 'text', required: true },
  { name: 'customer_number', label: 'Account Number', kind: 'text', required: true },
  { name: 'shop_id', label: 'Shop ID', kind: 'text' },
  { name: 'segmentation', label: 'Segmentation', kind: 'text' },
  { name: 'address', label: 'Address', kind: 'text' },
  { name: 'zip_code', label: 'Zip code', kind: 'text' },
  { name: 'phone', label: 'Phone', kind: 'tel' },
  { name: 'phone_2', label: 'Phone 2', kind: 'tel' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'sales_consultant', label: 'Sales consultant', kind: 'text' },
  { name: 'sales_district_name', label: 'Sales district name', kind: 'text' },
  { name: 'season', label: 'Season', kind: 'text' },
  { name: 'payment_method', label: 'Payment method', kind: 'text' },
  { name: 'payment_term', label: 'Payment term', kind: 'text' },
  { name: 'customer_name_2', label: 'Customer name 2', kind: 'text' },
  { name: 'opening_week', label: 'Opening week', kind: 'number' },
  { name: 'shop_open_at', label: 'Shop open at', kind: 'time' },
  { name: 'shop_close_at', label: 'Shop close at', kind: 'time' },
  { name: 'notes_about_customer', label: 'Notes about customer', kind: 'textarea' },
  { name: 'notes_to_customer', label: 'Notes to customer', kind: 'textarea' },
] as const;

export type B2bCustomerFieldName = (typeof b2bCustomerFields)[number]['name'];

/** What the edit form holds: every field as typed, plus the status. */
export type B2bCustomerFormValues = Record<B2bCustomerFieldName, string> & { status: 'active' | 'inactive' };

/** A stored customer's values as the form shows them (`08:00:00` -> `08:00`, null -> ''). */
export function toFormValues(
  row: Partial<Record<B2bCustomerFieldName, string | number | null>> & { status: 'active' | 'inactive' },
): B2bCustomerFormValues {
  const values = { status: row.status } as B2bCustomerFormValues;
  for (const field of b2bCustomerFields) {
    const value = row[field.name];
    const shown = value === null || value === undefined ? '' : String(value);
    values[field.name] = field.kind === 'time' ? shown.slice(0, 5) : shown;
  }
  return values;
}

const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, { error: serverMessage('too_long', { count: max }) })
    .transform((value) => (value === '' ? null : value));

const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: serverMessage('blank') })
    .max(max, { error: serverMessage('too_long', { count: max }) });

const optionalTime = z
  .string()
  .trim()
  .refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value), {
    error: serverMessage('invalid'),
  })
  .transform((value) => (value === '' ? null : value));

/** The form's values as the row to save: trimmed, blanks as null, checked as the table checks them. */
export const b2bCustomerPayloadSchema = z.object({
  customer_name: requiredText(160),
  customer_number: requiredText(40),
  shop_id: optionalText(),
  segmentation: optionalText(),
  address: optionalText(),
  zip_code: optionalText(12),
  phone: optionalText(40),
  phone_2: optionalText(40),
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: serverMessage('invalid') })
    .transform((value) => (value === '' ? null : value)),
  sales_consultant: optionalText(),
  sales_district_name: optionalText(),
  season: optionalText(),
  payment_method: optionalText(),
  payment_term: optionalText(),
  customer_name_2: optionalText(160),
  opening_week: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d+$/.test(value), { error: serverMessage('not_an_integer') })
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || (value >= 1 && value <= 53), { error: 'must be between 1 and 53' }),
  shop_open_at: optionalTime,
  shop_close_at: optionalTime,
  notes_about_customer: optionalText(5000),
  notes_to_customer: optionalText(5000),
  status: z.enum(['active', 'inactive']),
});

export type B2bCustomerPayload = z.infer<typeof b2bCustomerPayloadSchema>;

/** The modal's two fields: Name and Account Number. */
export const newB2bCustomerSchema = z.object({
  customer_name: requiredText(160),
  customer_number: requiredText(40),
});

export type NewB2bCustomer = z.infer<typeof newB2bCustomerSchema>;
