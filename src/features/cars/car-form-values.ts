import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { isPhoneNumber, optionalText, requiredText } from '@/shared/forms/text-rules';
import type { Tables, TablesInsert, TablesUpdate } from '@/shared/supabase/database.types';
import { activeStatuses } from '@/shared/vocabulary/staff-vocabulary';
import type { CarStatus } from './car-statuses';

export type CarRow = Tables<'cars'>;

/** What the car form edits, as the inputs hold it (text, '' for none). */
export interface CarFormValues {
  internal_number: string;
  mobile_number: string;
  plate_number: string;
  axapta_code: string;
  lakrids_route_number: string;
  depo_id: string;
  status: CarStatus;
  franchise_car: boolean;
  send_to_lakrids: boolean;
}

export function newCarValues(depoId: number): CarFormValues {
  return {
    internal_number: '',
    mobile_number: '',
    plate_number: '',
    axapta_code: '',
    lakrids_route_number: '',
    depo_id: String(depoId),
    status: 'active',
    franchise_car: false,
    send_to_lakrids: false,
  };
}

export function carValuesFromRow(car: CarRow): CarFormValues {
  return {
    internal_number: car.internal_number,
    mobile_number: car.mobile_number ?? '',
    plate_number: car.plate_number,
    axapta_code: car.axapta_code ?? '',
    lakrids_route_number: car.lakrids_route_number ?? '',
    depo_id: String(car.depo_id),
    status: car.status,
    franchise_car: car.franchise_car,
    send_to_lakrids: car.send_to_lakrids,
  };
}

const blank = serverMessage('blank');

/**
 * A car's phone: digits with an optional leading +, spaces allowed between them, 8 to 15 digits (the spec's
 * phone rules) and within the column's 30 characters. "abc" is not a phone number.
 */
const mobileNumber = optionalText(30).refine(
  (value) => value === null || isPhoneNumber(value),
  serverMessage('invalid'),
);

/** The form checked before it is sent, as the table checks it: required fields within their lengths, blanks as null. */
export const carInputSchema = z.object({
  internal_number: requiredText(40),
  mobile_number: mobileNumber,
  plate_number: requiredText(20),
  axapta_code: optionalText(),
  lakrids_route_number: optionalText(),
  depo_id: z.string().trim().min(1, blank).transform(Number).pipe(z.number().int().positive(blank)),
  status: z.enum(activeStatuses),
  franchise_car: z.boolean(),
  send_to_lakrids: z.boolean(),
});

export type CarInput = z.output<typeof carInputSchema>;

/**
 * The columns a save writes. Lakrids columns only for tenants with lakrids (others keep what they
 * have); the plate number only on create (the database refuses a change too).
 */
export function carInsert(input: CarInput, tenantId: string, hasLakrids: boolean): TablesInsert<'cars'> {
  const { lakrids_route_number, send_to_lakrids, ...rest } = input;
  return { ...rest, tenant_id: tenantId, ...(hasLakrids ? { lakrids_route_number, send_to_lakrids } : {}) };
}

export function carUpdate(input: CarInput, hasLakrids: boolean): TablesUpdate<'cars'> {
  const { lakrids_route_number, send_to_lakrids, plate_number: _fixed, ...rest } = input;
  return { ...rest, ...(hasLakrids ? { lakrids_route_number, send_to_lakrids } : {}) };
}
