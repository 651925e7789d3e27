import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { toFormErrors } from '@/shared/errors/form-errors';
import { placeServerErrors } from '@/shared/forms/server-field-errors';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError, requestErrorText } from '@/shared/ui/flash/request-error-text';
import { productFormQueryOptions } from '../api/get-product-form';
import { useSaveInlineProduct } from '../api/save-inline-product';
import type { ProductFormRow } from '../product-form-values';
import {
  INLINE_MINIMUM_FIELDS,
  INLINE_PRODUCT_FIELDS,
  inlineChanges,
  inlineSchema,
  inlineValues,
  type InlineField,
  type InlineValues,
} from './inline-values';

/** A row being edited: the server's answer for it (editable flags), what is typed, and the errors next to the cells. */
export interface InlineRow {
  form: ProductFormRow;
  values: InlineValues;
  errors: Partial<Record<InlineField, string>>;
  saving: boolean;
}

const FIELDS: readonly InlineField[] = [...INLINE_PRODUCT_FIELDS, ...INLINE_MINIMUM_FIELDS];

export interface InlineProductEdit {
  rows: ReadonlyMap<number, InlineRow>;
  /** The pencil: loads the product's editable flags, then its cells turn into inputs. */
  start: (productId: number) => Promise<void>;
  change: (productId: number, field: InlineField, value: string) => void;
  cancel: (productId: number) => void;
  save: (productId: number) => Promise<void>;
}

/**
 * The products list's inline edit. Nothing typed is lost on a failure: the row stays open with its values and
 * the errors next to their cells; a second Save while one is under way sends nothing.
 */
export function useInlineProductEdit(slug: string, depoId: number, tenantId: string): InlineProductEdit {
  const queryClient = useQueryClient();
  const saveInline = useSaveInlineProduct(slug);
  const [rows, setRows] = useState<ReadonlyMap<number, InlineRow>>(new Map());
  const current = useRef(rows);
  current.current = rows;
  const busy = useRef(new Set<number>());

  const update = useCallback((productId: number, change: (row: InlineRow) => InlineRow | undefined) => {
    setRows((previous) => {
      const row = previous.get(productId);
      if (!row) return previous;
      const next = new Map(previous);
      const changed = change(row);
      if (changed) next.set(productId, changed);
      else next.delete(productId);
      return next;
    });
  }, []);

  const start = useCallback(
    async (productId: number) => {
      if (current.current.has(productId) || busy.current.has(productId)) return;
      busy.current.add(productId);
      try {
        const form = await queryClient.fetchQuery({ ...productFormQueryOptions(slug, productId), staleTime: 0 });
        setRows((previous) =>
          new Map(previous).set(productId, { form, values: inlineValues(form, depoId), errors: {}, saving: false }),
        );
      } catch (failure) {
        flashRequestError(failure);
      } finally {
        busy.current.delete(productId);
      }
    },
    [queryClient, slug, depoId],
  );

  const change = useCallback(
    (productId: number, field: InlineField, value: string) =>
      update(productId, (row) => ({
        ...row,
        values: { ...row.values, [field]: value },
        errors: { ...row.errors, [field]: undefined },
      })),
    [update],
  );

  const cancel = useCallback((productId: number) => update(productId, () => undefined), [update]);

  const save = useCallback(
    async (productId: number) => {
      const row = current.current.get(productId);
      if (!row || busy.current.has(productId)) return;
      const parsed = inlineSchema.safeParse(row.values);
      if (!parsed.success) {
        const errors: InlineRow['errors'] = {};
        for (const issue of parsed.error.issues) errors[issue.path[0] as InlineField] ??= issue.message;
        update(productId, (r) => ({ ...r, errors }));
        return;
      }
      busy.current.add(productId);
      update(productId, (r) => ({ ...r, saving: true }));
      try {
        const saved = await saveInline.mutateAsync({
          productId,
          tenantId,
          ...inlineChanges(row.form, depoId, parsed.data),
        });
        update(productId, () => undefined);
        showFlash(`Product with sku: ${saved.sku} has been updated`);
      } catch (failure) {
        const placed = placeServerErrors(toFormErrors(failure), FIELDS, {
          minimum_required_balances: 'minimum_for_depo',
        });
        update(productId, (r) => ({ ...r, saving: false, errors: placed.fields }));
        showFlash(placed.base ?? requestErrorText(failure), 'alert');
      } finally {
        busy.current.delete(productId);
      }
    },
    [saveInline, tenantId, depoId, update],
  );

  return useMemo(() => ({ rows, start, change, cancel, save }), [rows, start, change, cancel, save]);
}
