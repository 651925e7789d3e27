import { FormCheckboxField, FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { useCreateDepo } from '../api/create-depo';
import { useUpdateDepo } from '../api/update-depo';
import {
  depoInputSchema,
  depoInsert,
  depoUpdate,
  depoValuesFromRow,
  newDepoValues,
  type DepoFormValues,
  type DepoRow,
} from '../depo-form-values';

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
  const createDepo = useCreateDepo(slug);
  const updateDepo = useUpdateDepo(slug);
  const { form, savedId, submit, saving, baseError } = useRecordForm({
    row: depo,
    newValues: newDepoValues,
    valuesFromRow: depoValuesFromRow,
    schema: depoInputSchema,
    save: (id, input) =>
      id === undefined
        ? createDepo.mutateAsync(depoInsert(input, tenantId, hasMarketingSms))
        : updateDepo.mutateAsync({ id, changes: depoUpdate(input, hasMarketingSms) }),
    onSaved: (row, created) => {
      showFlash(created ? 'Depo successfully created!' : 'Depo successfully updated!');
      if (created) onCreated?.(row);
    },
    onFailed: (failure) => flashRequestError(failure, { action: 'edit', resource: 'depos' }),
    failureContext: { action: 'edit', resource: 'depos' },
  });
  const { control } = form;
  const textField = (name: TextFieldName, label: string, multiline = false) => (
    <FormTextField key={name} control={control} name={name} label={label} multiline={multiline} />
  );

  return (
    <FormShell
      label={savedId === undefined ? 'New depo' : 'Edit depo'}
      onSubmit={submit}
      baseError={baseError}
      actions={<SaveButton saving={saving} />}
    >
      <FormTextField control={control} name="title" label="Title" required />
      {textField('description', 'Description', true)}
      {textField('address', 'Address')}
      <FormTextField control={control} name="address_lat" label="Latitude" inputMode="decimal" />
      <FormTextField control={control} name="address_lng" label="Longitude" inputMode="decimal" />
      <FormCheckboxField control={control} name="dashboard" label="Dashboard" />
      {textField('recepient', 'Recepient')}
      {smsFields.map((field) => textField(field.name, field.label, true))}
      {hasMarketingSms && textField('marketing_sms', 'Marketing SMS', true)}
      {hasMarketingSms && textField('customer_axa_id', 'AX customer ID')}
    </FormShell>
  );
}
