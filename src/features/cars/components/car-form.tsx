import { useState, type FormEvent } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { emptyFormErrors, firstFieldError, toFormErrors, type FormErrors } from '@/shared/errors/form-errors';
import { zodFormErrors } from '@/shared/errors/zod-form-errors';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { CheckboxField } from '@/shared/ui/form-fields/checkbox-field';
import { RadioGroupField } from '@/shared/ui/form-fields/radio-group-field';
import { SelectField } from '@/shared/ui/form-fields/select-field';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useCreateCar } from '../api/create-car';
import { useUpdateCar } from '../api/update-car';
import { carInputSchema, carInsert, carUpdate, carValuesFromRow, newCarValues, type CarFormValues, type CarRow } from '../car-form-values';
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
  const [savedId, setSavedId] = useState<number | undefined>(car?.id);
  const [values, setValues] = useState<CarFormValues>(() => (car ? carValuesFromRow(car) : newCarValues(depoId)));
  const [formErrors, setFormErrors] = useState<FormErrors>(emptyFormErrors);
  const createCar = useCreateCar(slug);
  const updateCar = useUpdateCar(slug);
  const saving = createCar.isPending || updateCar.isPending;
  const editing = savedId !== undefined;

  const set = <Field extends keyof CarFormValues>(field: Field) => (value: CarFormValues[Field]) =>
    setValues((previous) => ({ ...previous, [field]: value }));
  const error = (field: string) => firstFieldError(formErrors, field);

  const saved = (row: CarRow, created: boolean) => {
    setSavedId(row.id);
    setValues(carValuesFromRow(row));
    setFormErrors(emptyFormErrors());
    showFlash(`Car: ${row.internal_number} successfully ${created ? 'created' : 'updated'}!`);
    onSaved?.(row, created);
  };
  const failed = (failure: unknown) => {
    setFormErrors(toFormErrors(failure));
    flashRequestError(failure);
  };

  const lock = useSubmitLock();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = carInputSchema.safeParse(values);
    if (!parsed.success) {
      setFormErrors(zodFormErrors(parsed.error));
      return;
    }
    if (!lock.acquire()) return;
    if (savedId === undefined) {
      createCar.mutate(carInsert(parsed.data, tenantId, hasLakrids), { onSuccess: (row) => saved(row, true), onError: failed, onSettled: lock.release });
    } else {
      updateCar.mutate({ id: savedId, changes: carUpdate(parsed.data, hasLakrids) }, { onSuccess: (row) => saved(row, false), onError: failed, onSettled: lock.release });
    }
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label={editing ? 'Edit car' : 'New car'}>
      {error('base') && (
        <p className="form__error" role="alert">
          {error('base')}
        </p>
      )}
      <TextField label="Internal number" value={values.internal_number} onChange={set('internal_number')} error={error('internal_number')} required />
      <TextField label="Mobile number" type="tel" value={values.mobile_number} onChange={set('mobile_number')} error={error('mobile_number')} />
      <TextField
        label="Plate number"
        value={values.plate_number}
        onChange={set('plate_number')}
        error={error('plate_number')}
        readOnly={editing}
        hint={editing ? 'The plate number cannot be changed after the car is created.' : undefined}
        required
      />
      <TextField label="Axapta code" value={values.axapta_code} onChange={set('axapta_code')} error={error('axapta_code')} />
      {hasLakrids && (
        <TextField
          label="Lakrids route number"
          value={values.lakrids_route_number}
          onChange={set('lakrids_route_number')}
          error={error('lakrids_route_number')}
        />
      )}
      <SelectField
        label="Depo"
        value={values.depo_id}
        options={depos.map((depo) => ({ value: String(depo.id), label: depo.title }))}
        onChange={set('depo_id')}
        error={error('depo_id')}
        disabled={editing}
        hint={editing ? 'A car keeps the depo it was created in: its trips, positions and stock belong to that depo.' : undefined}
        required
      />
      <RadioGroupField legend="Status" value={values.status} options={statusOptions} onChange={set('status')} error={error('status')} />
      <CheckboxField label="Franchise car" checked={values.franchise_car} onChange={set('franchise_car')} error={error('franchise_car')} />
      {hasLakrids && (
        <CheckboxField label="Send to lakrids" checked={values.send_to_lakrids} onChange={set('send_to_lakrids')} error={error('send_to_lakrids')} />
      )}
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
