import type { Control } from 'react-hook-form';
import { FormTextField } from '@/shared/forms/form-fields';
import type { ProductInput, ProductFormValues, ProductMinimum } from '../product-form-values';

interface Props {
  control: Control<ProductFormValues, unknown, ProductInput>;
  minimums: ProductMinimum[];
}

/** One row per depo; a row's inputs are enabled only where the server says the caller may edit it. */
export function ProductMinimumsTab({ control, minimums }: Props) {
  return (
    <table className="product-tab-table" aria-label="Minimum required balances">
      <thead>
        <tr>
          <th>#</th>
          <th>Depo</th>
          <th>Minimum for Depo</th>
          <th>Minimum for Car</th>
        </tr>
      </thead>
      <tbody>
        {minimums.map((minimum, index) => (
          <tr key={minimum.depo_id}>
            <td>{minimum.id ?? ''}</td>
            <td>{minimum.depo_name}</td>
            <td>
              <FormTextField control={control} name={`minimums.${index}.minimum_for_depo`} label={`Minimum for Depo ${minimum.depo_name}`}
                type="number" inputMode="numeric" disabled={!minimum.editable} />
            </td>
            <td>
              <FormTextField control={control} name={`minimums.${index}.minimum_for_cars`} label={`Minimum for Car ${minimum.depo_name}`}
                type="number" inputMode="numeric" disabled={!minimum.editable} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
