import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';

/**
 * The text rules the tables' CHECK constraints hold, checked in the form first with the server's texts:
 * a required value ("can't be blank") within the column's length ("is too long (maximum is N characters)").
 */
export function requiredText(max?: number) {
  const text = z.string().trim().min(1, serverMessage('blank'));
  return max === undefined ? text : text.max(max, serverMessage('too_long', { count: max }));
}

/** An optional value: blank is stored as null. */
export function optionalText(max?: number) {
  const text = z.string().trim();
  return (max === undefined ? text : text.max(max, serverMessage('too_long', { count: max }))).transform((value) =>
    value === '' ? null : value,
  );
}

/**
 * A phone number as the database takes it: digits with an optional leading +, spaces between them allowed,
 * between `min` and `max` digits. "abc" is not a phone number.
 */
export function isPhoneNumber(value: string, { min = 8, max = 15 }: { min?: number; max?: number } = {}): boolean {
  if (!/^\+?[0-9][0-9 ]*$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= min && digits <= max;
}
