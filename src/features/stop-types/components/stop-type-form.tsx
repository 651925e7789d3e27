import { useState, type FormEvent } from 'react';
import { emptyFormErrors, firstFieldError, toFormErrors, type FormErrors } from '@/shared/errors/form-errors';
import { zodFormErrors } from '@/shared/errors/zod-form-errors';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useSaveStopType } from '../api/save-stop-type';
import { stopTypeErrorText } from '../stop-type-error-text';
import { newStopTypeValues, stopTypeInputSchema, stopTypeValuesFromRow, type StopTypeFormValues, type StopTypeRow } from '../stop-type-form-values';

export interface StopTypeFormProps {
  slug: string;
  tenantId: string;
  stopType?: StopTypeRow;
}

/** Creates the stop type on the first save, then edits it; typed values stay when a save fails. */
export function StopTypeForm({ slug, tenantId, stopType }: StopTypeFormProps) {
  const [savedId, setSavedId] = useState<number | undefined>(stopType?.id);
  const [values, setValues] = useState<StopTypeFormValues>(() => (stopType ? stopTypeValuesFromRow(stopType) : newStopTypeValues()));
  const [formErrors, setFormErrors] = useState<FormErrors>(emptyFormErrors);
  const save = useSaveStopType(slug);

  const set = (field: keyof StopTypeFormValues) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const error = (field: string) => firstFieldError(formErrors, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = stopTypeInputSchema.safeParse(values);
    if (!parsed.success) {
      setFormErrors(zodFormErrors(parsed.error));
      return;
    }
    save.mutate(
      { id: savedId, tenantId, stopType: parsed.data },
      {
        onSuccess: (row) => {
          setSavedId(row.id);
          setValues(stopTypeValuesFromRow(row));
          setFormErrors(emptyFormErrors());
          showFlash('Stop type successfully saved!');
        },
        onError: (failure) => {
          setFormErrors(toFormErrors(failure));
          showFlash(stopTypeErrorText(failure), 'alert');
        },
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label={savedId === undefined ? 'New stop type' : 'Edit stop type'}>
      {error('base') && (
        <p className="form__error" role="alert">
          {error('base')}
        </p>
      )}
      <TextField label="Stop type" value={values.stop_type} onChange={set('stop_type')} error={error('stop_type')} required />
      <TextField
        label="Wait time"
        value={values.wait_time}
        onChange={set('wait_time')}
        error={error('wait_time')}
        hint="hh:mm"
        placeholder="hh:mm"
        inputMode="numeric"
        required
      />
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
