import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormCheckboxField, FormRadioGroupField, FormSelectField, FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { remainingBalancesQueryOptions } from '../api/product-balances';
import { useSaveProduct } from '../api/save-product';
import {
  newProductValues,
  productChanges,
  productInputSchema,
  productInsert,
  productValuesFromRow,
  type ProductField,
  type ProductFormRow,
} from '../product-form-values';
import type { MinimumColumn } from '../minimum-copy';
import { MoveStockModal } from './move-stock-modal';
import { ProductBalancesTab } from './product-balances-tab';
import { ProductMinimumsTab } from './product-minimums-tab';
import './products.css';

export interface ProductFormProps {
  slug: string;
  tenant: { id: string; has_b2b_products: boolean; time_zone: string; locale: string };
  isAdmin: boolean;
  /** The product being edited (with the server's editable flags); none on the new page until the first save. */
  product?: ProductFormRow;
  onSaved?: (product: ProductFormRow, created: boolean) => void;
}

const storageOptions = [
  { value: 'stk', label: 'Stk.' },
  { value: 'kolli', label: 'Kolli' },
];
const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

/** The product form: fields the server marks not editable are disabled; in edit mode the minimums and balances tabs. */
export function ProductForm({ slug, tenant, isAdmin, product, onSaved }: ProductFormProps) {
  const save = useSaveProduct(slug);
  const [tab, setTab] = useState<'minimums' | 'balances'>('minimums');
  const [moving, setMoving] = useState(false);
  const editable = (field: ProductField) => (product ? product[`${field}_editable`] : isAdmin);
  const { form, savedId, submit, saving, baseError } = useRecordForm({
    row: product,
    newValues: newProductValues,
    valuesFromRow: productValuesFromRow,
    schema: productInputSchema,
    save: (id, input) =>
      save.mutateAsync({
        id,
        tenantId: tenant.id,
        insert: productInsert(input, tenant.id, tenant.has_b2b_products),
        changes: productChanges(input, editable, tenant.has_b2b_products),
        minimums: (product?.minimum_required_balances ?? [])
          .map((m, index) => ({ ...m, ...input.minimums[index] }))
          .filter((m) => m.editable)
          .map(({ depo_id, minimum_for_depo, minimum_for_cars }) => ({ depo_id, minimum_for_depo, minimum_for_cars })),
      }),
    onSaved: (row, created) => {
      // The form's one text for a save (the list's inline edit says 'has been updated').
      showFlash(`Product with sku: ${row.sku} successfully updated!`);
      onSaved?.(row, created);
    },
    onFailed: (failure) => flashRequestError(failure),
  });
  const balances = useQuery({ ...remainingBalancesQueryOptions(slug, savedId ?? 0), enabled: savedId !== undefined });
  const leftovers = balances.data ?? [];
  const { control } = form;
  const copyMinimum = (from: number, to: number[], column: MinimumColumn) => {
    const value = form.getValues(`minimums.${from}.${column}`);
    for (const index of to) form.setValue(`minimums.${index}.${column}`, value, { shouldDirty: true });
  };
  const field = <Name extends ProductField>(name: Name) => ({ control, name, disabled: !editable(name) });

  return (
    <div className="product-form">
      <FormShell
        label={product ? `Edit Product #${product.id}` : 'New Product'}
        onSubmit={submit}
        baseError={baseError}
        actions={
          <>
            <SaveButton saving={saving} disabled={!product && !isAdmin} />
            {product && (
              <SecondaryButton disabled={leftovers.length === 0} onClick={() => setMoving(true)}>
                Move stock values
              </SecondaryButton>
            )}
          </>
        }
      >
        <FormTextField {...field('sku')} label="Sku" required />
        <FormTextField {...field('description')} label="Description" required />
        <FormTextField {...field('sequence_number')} label="Sequence number" inputMode="numeric" />
        <FormTextField {...field('packaging_size')} label="Packaging size" inputMode="numeric" required />
        <FormTextField {...field('sales_price')} label="Sales price" inputMode="decimal" />
        <FormTextField {...field('tax_type')} label="Tax type" />
        <FormTextField {...field('tax_amount')} label="Tax amount" inputMode="decimal" />
        <FormTextField {...field('volume')} label="Volume" inputMode="decimal" />
        <FormSelectField {...field('storage_unit')} label="Storage unit" options={storageOptions} />
        {/* The radio group has no disabled state of its own: a disabled fieldset disables its inputs. */}
        <fieldset className="plain-fieldset" disabled={!editable('status')}>
          <FormRadioGroupField control={control} name="status" legend="Status" options={statusOptions} />
        </fieldset>
        {tenant.has_b2b_products && <FormCheckboxField {...field('b2b_product')} label="B2B product" />}
      </FormShell>
      {product && (
        <div className="product-tabs">
          <div role="tablist" aria-label="Product details">
            <button
              type="button"
              role="tab"
              className="button"
              aria-selected={tab === 'minimums'}
              onClick={() => setTab('minimums')}
            >
              Minimum required balances
            </button>
            <button
              type="button"
              role="tab"
              className="button"
              aria-selected={tab === 'balances'}
              disabled={leftovers.length === 0}
              onClick={() => setTab('balances')}
            >
              Warehouse balances
            </button>
          </div>
          <div role="tabpanel">
            {tab === 'minimums' || leftovers.length === 0 ? (
              <ProductMinimumsTab control={control} minimums={product.minimum_required_balances} copy={copyMinimum} />
            ) : (
              <ProductBalancesTab balances={leftovers} locale={tenant.locale} />
            )}
          </div>
        </div>
      )}
      {moving && product && (
        <MoveStockModal
          slug={slug}
          productId={product.id}
          timeZone={tenant.time_zone}
          onClose={() => setMoving(false)}
        />
      )}
    </div>
  );
}
