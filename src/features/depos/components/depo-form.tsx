import { useState, type FormEvent } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { emptyFormErrors, firstFieldError, toFormErrors, type FormErrors } from '@/shared/errors/form-errors';
import { zodFormErrors } from '@/shared/errors/zod-form-errors';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { CheckboxField } from '@/shared/ui/form-fields/checkbox-field';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useCreateDepo } from '../api/create-depo';
import { useUpdateDepo } from '../api/update-depo';
import { depoInputSchema, depoInsert, depoUpdate, depoValuesFromRow, newDepoValues, type DepoFormValues, type DepoRow } from '../depo-form-values';

export interface DepoFormProps {
  slug: string;
  tenantId: string;
  /** Marketing SMS and AX customer ID are for tenants with marketing SMS only. */
  hasMarketingSms: boolean;
  depo?: DepoRow;
  /** After the first save: the page moves to the record's edit route (titled "Edit …"). */
  onCreated?: (depo: DepoRow) => void;
}

type TextFieldName = Exclude<keyof DepoFormValues, 'dashboard'>;

const smsFields: readonly { name: TextFieldName; label: string }[] = [
  { name: 'sms_text', label: 'SMS text' },
  { name: 'sms_route_text', label: 'SMS route text' },
  { name: 'sms_subscribe_text', label: 'SMS subscribe text' },
  { name: 'sms_unsubscribe_text', label: 'SMS unsubscribe text' },
];

/** Creates the depo on the first save, then edits it; typed values stay when a save fails. */
export function DepoForm({ slug, tenantId, hasMarketingSms, depo, onCreated }: DepoFormProps) {
  const [savedId, setSavedId] = useState<number | undefined>(depo?.id);
  const [values, setValues] = useState<DepoFormValues>(() => (depo ? depoValuesFromRow(depo) : newDepoValues()));
  const [formErrors, setFormErrors] = useState<FormErrors>(emptyFormErrors);
  const createDepo = useCreateDepo(slug);
  const updateDepo = useUpdateDepo(slug);
  const saving = createDepo.isPending || updateDepo.isPending;

  const set = <Field extends keyof DepoFormValues>(field: Field) => (value: DepoFormValues[Field]) =>
    setValues((previous) => ({ ...previous, [field]: value }));
  const error = (field: string) => firstFieldError(formErrors, field);
  const textField = (name: TextFieldName, label: string, multiline = false) => (
    <TextField key={name} label={label} value={values[name]} onChange={set(name)} error={error(name)} multiline={multiline} />
  );

  const saved = (row: DepoRow, created: boolean) => {
    setSavedId(row.id);
    setValues(depoValuesFromRow(row));
    setFormErrors(emptyFormErrors());
    showFlash(created ? 'Depo successfully created!' : 'Depo successfully updated!');
    if (created) onCreated?.(row);
  };
  const failed = (failure: unknown) => {
    setFormErrors(toFormErrors(failure));
    flashRequestError(failure);
  };

  const lock = useSubmitLock();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = depoInputSchema.safeParse(values);
    if (!parsed.success) {
      setFormErrors(zodFormErrors(parsed.error));
      return;
    }
    if (!lock.acquire()) return;
    if (savedId === undefined) {
      createDepo.mutate(depoInsert(parsed.data, tenantId, hasMarketingSms), { onSuccess: (row) => saved(row, true), onError: failed, onSettled: lock.release });
    } else {
      updateDepo.mutate({ id: savedId, changes: depoUpdate(parsed.data, hasMarketingSms) }, { onSuccess: (row) => saved(row, false), onError: failed, onSettled: lock.release });
    }
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label={savedId === undefined ? 'New depo' : 'Edit depo'}>
      {error('base') && (
        <p className="form__error" role="alert">
          {error('base')}
        </p>
      )}
      <TextField label="Title" value={values.title} onChange={set('title')} error={error('title')} required />
      {textField('description', 'Description', true)}
      {textField('address', 'Address')}
      <TextField label="Latitude" inputMode="decimal" value={values.address_lat} onChange={set('address_lat')} error={error('address_lat')} />
      <TextField label="Longitude" inputMode="decimal" value={values.address_lng} onChange={set('address_lng')} error={error('address_lng')} />
      <CheckboxField label="Dashboard" checked={values.dashboard} onChange={set('dashboard')} error={error('dashboard')} />
      {textField('recepient', 'Recepient')}
      {smsFields.map((field) => textField(field.name, field.label, true))}
      {hasMarketingSms && textField('marketing_sms', 'Marketing SMS', true)}
      {hasMarketingSms && textField('customer_axa_id', 'AX customer ID')}
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
