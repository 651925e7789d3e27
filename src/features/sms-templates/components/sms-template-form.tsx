import { useState, type FormEvent } from 'react';
import { emptyFormErrors, firstFieldError, toFormErrors, type FormErrors } from '@/shared/errors/form-errors';
import { zodFormErrors } from '@/shared/errors/zod-form-errors';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useSaveSmsTemplate } from '../api/save-sms-template';
import {
  newSmsTemplateValues,
  smsTemplateInputSchema,
  smsTemplateValuesFromRow,
  type SmsTemplateFormValues,
  type SmsTemplateRow,
} from '../sms-template-form-values';

export interface SmsTemplateFormProps {
  slug: string;
  tenantId: string;
  template?: SmsTemplateRow;
}

/** Creates the template on the first save, then edits it; typed values stay when a save fails. */
export function SmsTemplateForm({ slug, tenantId, template }: SmsTemplateFormProps) {
  const [savedId, setSavedId] = useState<number | undefined>(template?.id);
  const [values, setValues] = useState<SmsTemplateFormValues>(() => (template ? smsTemplateValuesFromRow(template) : newSmsTemplateValues()));
  const [formErrors, setFormErrors] = useState<FormErrors>(emptyFormErrors);
  const save = useSaveSmsTemplate(slug);

  const set = (field: keyof SmsTemplateFormValues) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const error = (field: string) => firstFieldError(formErrors, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = smsTemplateInputSchema.safeParse(values);
    if (!parsed.success) {
      setFormErrors(zodFormErrors(parsed.error));
      return;
    }
    save.mutate(
      { id: savedId, tenantId, template: parsed.data },
      {
        onSuccess: (row) => {
          setSavedId(row.id);
          setValues(smsTemplateValuesFromRow(row));
          setFormErrors(emptyFormErrors());
          showFlash('SMS template succesfuly updated');
        },
        onError: (failure) => {
          setFormErrors(toFormErrors(failure));
          flashRequestError(failure);
        },
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label={savedId === undefined ? 'New SMS template' : 'Edit SMS template'}>
      {error('base') && (
        <p className="form__error" role="alert">
          {error('base')}
        </p>
      )}
      <TextField label="Name" value={values.name} onChange={set('name')} error={error('name')} required />
      <TextField label="Text" value={values.text} onChange={set('text')} error={error('text')} required multiline />
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
