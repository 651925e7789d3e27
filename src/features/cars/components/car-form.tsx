import { FormCheckboxField, FormRadioGroupField, FormSelectField, FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { useCreateCar } from '../api/create-car';
import { useUpdateCar } from '../api/update-car';
import { carInputSchema, carInsert, carUpdate, carValuesFromRow, newCarValues, type CarRow } from '../car-form-values';
import type { CarStatus } from '../car-statuses';

export interface CarFormProps {
  slug: string;
  tenantId: string;
  /** Lakrids route number and Send to lakrids are for tenants with lakrids only. */
  hasLakrids: boolean;
  depos: readonly { id: number; title: string }[];
  /** The car being edited; none on the new-car page until the first save. */
  car?: CarRow;
  /** The depo a new car starts in (the depo of the URL). */
  depoId: number;
  /** Called after each successful save with the saved row. */
  onSaved?: (car: CarRow, created: boolean) => void;
}

const statusOptions = [
  { value: 'active', label: 'active' },
  { value: 'inactive', label: 'inactive' },
] as const satisfies readonly { value: CarStatus; label: string }[];

/**
 * Creates the car on the first save, then edits it (the plate number is fixed from then on).
 * The typed values stay on screen when a save fails.
 */
export function CarForm({ slug, tenantId, hasLakrids, depos, car, depoId, onSaved }: CarFormProps) {
  const createCar = useCreateCar(slug);
  const updateCar = useUpdateCar(slug);
  const { form, savedId, submit, saving, baseError } = useRecordForm({
    row: car,
    newValues: () => newCarValues(depoId),
    valuesFromRow: carValuesFromRow,
    schema: carInputSchema,
    save: (id, input) =>
      id === undefined
        ? createCar.mutateAsync(carInsert(input, tenantId, hasLakrids))
        : updateCar.mutateAsync({ id, changes: carUpdate(input, hasLakrids) }),
    onSaved: (row, created) => {
      showFlash(`Car: ${row.internal_number} successfully ${created ? 'created' : 'updated'}!`);
      onSaved?.(row, created);
    },
    onFailed: (failure) => flashRequestError(failure),
  });
  const editing = savedId !== undefined;
  const { control } = form;

  return (
    <FormShell
      label={editing ? 'Edit car' : 'New car'}
      onSubmit={submit}
      baseError={baseError}
      actions={<SaveButton saving={saving} />}
    >
      <FormTextField control={control} name="internal_number" label="Internal number" required />
      <FormTextField control={control} name="mobile_number" label="Mobile number" type="tel" />
      <FormTextField
        control={control}
        name="plate_number"
        label="Plate number"
        readOnly={editing}
        hint={editing ? 'The plate number cannot be changed after the car is created.' : undefined}
        required
      />
      <FormTextField control={control} name="axapta_code" label="Axapta code" />
      {hasLakrids && <FormTextField control={control} name="lakrids_route_number" label="Lakrids route number" />}
      <FormSelectField
        control={control}
        name="depo_id"
        label="Depo"
        options={depos.map((depo) => ({ value: String(depo.id), label: depo.title }))}
        disabled={editing}
        hint={
          editing
            ? 'A car keeps the depo it was created in: its trips, positions and stock belong to that depo.'
            : undefined
        }
        required
      />
      <FormRadioGroupField control={control} name="status" legend="Status" options={statusOptions} />
      <FormCheckboxField control={control} name="franchise_car" label="Franchise car" />
      {hasLakrids && <FormCheckboxField control={control} name="send_to_lakrids" label="Send to lakrids" />}
    </FormShell>
  );
}
