import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { genders } from '@/shared/vocabulary/staff-vocabulary';
import type { Customer } from './api/get-customer';

/** What the customer form edits; text inputs hold '' for an empty value. */
export const customerFormSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  name: z.string(),
  phone: z.string(),
  route_number: z.string(),
  address: z.string(),
  address_type: z.string(),
  home_address: z.string(),
  home_address_type: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  gender: z.enum(genders).nullable(),
  sms_permission: z.boolean(),
});
export type CustomerFormValues = z.infer<typeof customerFormSchema>;

/** The customers table's checks (phone, e-mail, name lengths), with the server's texts. */
const PHONE = /^\+?[0-9]{8,15}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MAXIMUM_LENGTHS = { first_name: 80, last_name: 80, username: 80, name: 160 } as const;

/** The form as checked before it is saved, mirroring the table's CHECK constraints; an empty phone is invalid as there. */
export const customerInputSchema = customerFormSchema.superRefine((values, context) => {
  if (!PHONE.test(values.phone.trim()))
    context.addIssue({ code: 'custom', path: ['phone'], message: serverMessage('invalid') });
  const email = values.email.trim();
  if (email !== '' && !EMAIL.test(email))
    context.addIssue({ code: 'custom', path: ['email'], message: serverMessage('invalid') });
  for (const [field, max] of Object.entries(MAXIMUM_LENGTHS) as [keyof typeof MAXIMUM_LENGTHS, number][]) {
    if (values[field].trim().length > max)
      context.addIssue({ code: 'custom', path: [field], message: serverMessage('too_long', { count: max }) });
  }
});

export const emptyCustomerForm = (): CustomerFormValues => ({
  email: '',
  first_name: '',
  last_name: '',
  username: '',
  name: '',
  phone: '',
  route_number: '',
  address: '',
  address_type: '',
  home_address: '',
  home_address_type: '',
  lat: null,
  lng: null,
  gender: null,
  sms_permission: true,
});

export function customerToForm(customer: Customer): CustomerFormValues {
  return {
    email: customer.email ?? '',
    first_name: customer.first_name ?? '',
    last_name: customer.last_name ?? '',
    username: customer.username ?? '',
    name: customer.name ?? '',
    phone: customer.phone,
    route_number: customer.route_number ?? '',
    address: customer.address ?? '',
    address_type: customer.address_type ?? '',
    home_address: customer.home_address ?? '',
    home_address_type: customer.home_address_type ?? '',
    lat: customer.lat,
    lng: customer.lng,
    gender: customer.gender,
    sms_permission: customer.sms_permission,
  };
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The row written for the form. Tenants that hide route number and home address (`hidesRouteNumber`)
 * never send them, so what is stored stays as it was.
 */
export function customerRowFromForm(values: CustomerFormValues, options: { hidesRouteNumber: boolean }) {
  const form = customerFormSchema.parse(values);
  return {
    email: blankToNull(form.email),
    first_name: blankToNull(form.first_name),
    last_name: blankToNull(form.last_name),
    username: blankToNull(form.username),
    name: blankToNull(form.name),
    phone: form.phone.trim(),
    address: blankToNull(form.address),
    address_type: blankToNull(form.address_type),
    lat: form.lat,
    lng: form.lng,
    gender: form.gender,
    sms_permission: form.sms_permission,
    ...(options.hidesRouteNumber
      ? {}
      : {
          route_number: blankToNull(form.route_number),
          home_address: blankToNull(form.home_address),
          home_address_type: blankToNull(form.home_address_type),
        }),
  };
}
