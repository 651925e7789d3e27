import { z } from 'zod';
import type { TablesUpdate } from '@/shared/supabase/database.types';
import { productInputSchema, type ProductField, type ProductFormRow } from '../product-form-values';

/** The list's cells a row edits inline: the product's own columns, then the depo's two minimums. */
export const INLINE_PRODUCT_FIELDS = [
  'sku',
  'description',
  'sequence_number',
  'packaging_size',
  'sales_price',
] as const satisfies readonly ProductField[];
export const INLINE_MINIMUM_FIELDS = ['minimum_for_depo', 'minimum_for_cars'] as const;
export type InlineField = (typeof INLINE_PRODUCT_FIELDS)[number] | (typeof INLINE_MINIMUM_FIELDS)[number];
export type InlineValues = Record<InlineField, string>;

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The row's minimum of the list's depo (none yet: zeros, as the list shows). */
export const depoMinimum = (form: ProductFormRow, depoId: number) =>
  form.minimum_required_balances.find((m) => m.depo_id === depoId);

export function inlineValues(form: ProductFormRow, depoId: number): InlineValues {
  const minimum = depoMinimum(form, depoId);
  return {
    sku: form.sku,
    description: form.description,
    sequence_number: text(form.sequence_number),
    packaging_size: text(form.packaging_size),
    sales_price: text(form.sales_price),
    minimum_for_depo: text(minimum?.minimum_for_depo ?? 0),
    minimum_for_cars: text(minimum?.minimum_for_cars ?? 0),
  };
}

/** Whether the server lets the caller edit this cell: the product's `<field>_editable`, the depo minimum's `editable`. */
export function inlineEditable(form: ProductFormRow, depoId: number, field: InlineField): boolean {
  if (field === 'minimum_for_depo' || field === 'minimum_for_cars') return depoMinimum(form, depoId)?.editable ?? false;
  return form[`${field}_editable`];
}

/** The inline cells as the full form checks them (same rules, same messages). */
export const inlineSchema = productInputSchema
  .pick({ sku: true, description: true, sequence_number: true, packaging_size: true, sales_price: true })
  .extend({
    minimum_for_depo: productInputSchema.shape.minimums.element.shape.minimum_for_depo,
    minimum_for_cars: productInputSchema.shape.minimums.element.shape.minimum_for_cars,
  });
export type InlineInput = z.output<typeof inlineSchema>;

/** What a save sends: the editable product fields that changed, and the depo's minimum when editable and changed. */
export function inlineChanges(form: ProductFormRow, depoId: number, input: InlineInput) {
  const original = inlineValues(form, depoId);
  const before = inlineSchema.parse(original);
  const product: TablesUpdate<'products'> = {};
  for (const field of INLINE_PRODUCT_FIELDS) {
    if (!inlineEditable(form, depoId, field) || input[field] === before[field]) continue;
    Object.assign(product, { [field]: field === 'packaging_size' ? (input.packaging_size ?? 1) : input[field] });
  }
  const minimumChanged = INLINE_MINIMUM_FIELDS.some((field) => input[field] !== before[field]);
  const minimum =
    minimumChanged && inlineEditable(form, depoId, 'minimum_for_depo')
      ? { depo_id: depoId, minimum_for_depo: input.minimum_for_depo, minimum_for_cars: input.minimum_for_cars }
      : undefined;
  return { product, minimum };
}
