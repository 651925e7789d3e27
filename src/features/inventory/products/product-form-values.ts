import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { numberFrom, wholeNumberFrom } from '@/shared/forms/number-rules';
import { optionalText, requiredText } from '@/shared/forms/text-rules';
import type { Database, TablesInsert, TablesUpdate } from '@/shared/supabase/database.types';
import { activeStatuses, type ActiveStatus } from '@/shared/vocabulary/staff-vocabulary';

export type StorageUnit = Database['public']['Enums']['storage_unit'];
export const storageUnits: readonly StorageUnit[] = ['stk', 'kolli'];

/** The product fields the form edits; the server says for each whether the caller may edit it. */
export const PRODUCT_FIELDS = [
  'sku',
  'description',
  'sequence_number',
  'packaging_size',
  'sales_price',
  'tax_type',
  'tax_amount',
  'storage_unit',
  'volume',
  'status',
  'b2b_product',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/**
 * A depo's minimum row of the form (id null until the first save of a minimum there). `visible` false: the caller
 * does not work in that depo, so the database does not tell its minimums (both null; never shown as 0).
 */
export interface ProductMinimum {
  id: number | null;
  depo_id: number;
  depo_name: string;
  visible: boolean;
  minimum_for_depo: number | null;
  minimum_for_cars: number | null;
  editable: boolean;
}

/** `inventory_product_form`: the product, its `<field>_editable` flags and a minimum row per depo. */
export type ProductFormRow = {
  id: number;
  sku: string;
  description: string;
  sequence_number: number | null;
  packaging_size: number;
  sales_price: number;
  tax_type: string | null;
  tax_amount: number | null;
  volume: number | null;
  storage_unit: StorageUnit;
  status: ActiveStatus;
  b2b_product: boolean;
  minimum_required_balances: ProductMinimum[];
} & Record<`${ProductField}_editable`, boolean>;

export interface ProductFormValues {
  sku: string;
  description: string;
  sequence_number: string;
  packaging_size: string;
  sales_price: string;
  tax_type: string;
  tax_amount: string;
  volume: string;
  storage_unit: StorageUnit;
  status: ActiveStatus;
  b2b_product: boolean;
  minimums: Array<{ minimum_for_depo: string; minimum_for_cars: string }>;
}

const text = (value: number | string | null) => (value === null ? '' : String(value));

export function newProductValues(): ProductFormValues {
  return {
    sku: '',
    description: '',
    sequence_number: '',
    packaging_size: '1',
    sales_price: '0.0',
    tax_type: '',
    tax_amount: '',
    volume: '',
    storage_unit: 'stk',
    status: 'active',
    b2b_product: false,
    minimums: [],
  };
}

export function productValuesFromRow(row: ProductFormRow): ProductFormValues {
  return {
    sku: row.sku,
    description: row.description,
    sequence_number: text(row.sequence_number),
    packaging_size: text(row.packaging_size),
    sales_price: text(row.sales_price),
    tax_type: row.tax_type ?? '',
    tax_amount: text(row.tax_amount),
    volume: text(row.volume),
    storage_unit: row.storage_unit,
    status: row.status,
    b2b_product: row.b2b_product,
    minimums: row.minimum_required_balances.map((m) => ({
      minimum_for_depo: text(m.minimum_for_depo),
      minimum_for_cars: text(m.minimum_for_cars),
    })),
  };
}

const minimum = wholeNumberFrom(0).transform((value) => value ?? 0);

/** What the form sends, as the tables check it: required texts within their lengths, numbers in range, blanks as null. */
export const productInputSchema = z.object({
  sku: requiredText(40),
  description: requiredText(200),
  sequence_number: wholeNumberFrom(0),
  packaging_size: wholeNumberFrom(1).refine((value) => value !== null, serverMessage('blank')),
  sales_price: numberFrom(0).transform((value) => value ?? 0),
  tax_type: optionalText(),
  tax_amount: numberFrom(0),
  volume: numberFrom(0),
  storage_unit: z.enum(storageUnits),
  status: z.enum(activeStatuses),
  b2b_product: z.boolean(),
  minimums: z.array(z.object({ minimum_for_depo: minimum, minimum_for_cars: minimum })),
});

export type ProductInput = z.output<typeof productInputSchema>;

/** The product columns a save writes: only the fields the server lets this caller edit (B2B by tenant flag). */
export function productChanges(
  input: ProductInput,
  editable: (field: ProductField) => boolean,
  hasB2b: boolean,
): TablesUpdate<'products'> {
  const { minimums: _minimums, packaging_size, ...fields } = input;
  const all: TablesUpdate<'products'> = { ...fields, packaging_size: packaging_size ?? 1 };
  return Object.fromEntries(
    Object.entries(all).filter(([field]) => editable(field as ProductField) && (hasB2b || field !== 'b2b_product')),
  ) as TablesUpdate<'products'>;
}

export function productInsert(input: ProductInput, tenantId: string, hasB2b: boolean): TablesInsert<'products'> {
  const changes = productChanges(input, () => true, hasB2b);
  return { ...changes, sku: input.sku, description: input.description, tenant_id: tenantId };
}
