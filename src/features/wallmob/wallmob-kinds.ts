import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';

/** The two number lists of the external order system (admin-core §2 /wallmob). */
export const WALLMOB_KINDS = ['products', 'customers'] as const;
export type WallmobKind = (typeof WALLMOB_KINDS)[number];

export const wallmobTable = { products: 'wallmob_products', customers: 'wallmob_customers' } as const satisfies Record<
  WallmobKind,
  string
>;

export const wallmobDeleteQuestion: Record<WallmobKind, string> = {
  products: 'Are you sure you want to delete this product?',
  customers: 'Are you sure you want to delete this customer?',
};

export const WALLMOB_PAGE_SIZE = 25;

/**
 * A product or customer number as the till knows it: letters, digits and dashes, at most 40 (the tables'
 * check), and at least one digit: "abc" is no number.
 */
export const wallmobNumberSchema = z.object({
  number: z
    .string()
    .trim()
    .min(1, { message: serverMessage('blank'), abort: true })
    .refine((value) => /^[0-9A-Za-z-]{1,40}$/.test(value) && /[0-9]/.test(value), serverMessage('invalid')),
});
