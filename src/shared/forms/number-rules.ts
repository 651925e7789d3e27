import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';

/** A typed number (a comma taken as the decimal point); blank is none. */
export const numberText = z
  .string()
  .trim()
  .refine((value) => value === '' || Number.isFinite(Number(value.replace(',', '.'))), {
    message: serverMessage('not_a_number'),
    abort: true,
  })
  .transform((value) => (value === '' ? null : Number(value.replace(',', '.'))));

/** A number from `min` up; blank is none. */
export const numberFrom = (min: number) =>
  numberText.refine(
    (value) => value === null || value >= min,
    serverMessage('greater_than_or_equal_to', { count: min }),
  );

/** A whole number from `min` up, within an integer column; blank is none. */
export const wholeNumberFrom = (min: number) =>
  numberText
    .refine((value) => value === null || Number.isInteger(value), {
      message: serverMessage('not_an_integer'),
      abort: true,
    })
    .refine((value) => value === null || value >= min, serverMessage('greater_than_or_equal_to', { count: min }))
    .refine(
      (value) => value === null || value <= 2_147_483_647,
      serverMessage('less_than_or_equal_to', { count: 2_147_483_647 }),
    );
