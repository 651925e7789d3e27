import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useSaveSmsTemplate } from '../api/save-sms-template';
import {
  newSmsTemplateValues,
  smsTemplateInputSchema,
  smsTemplateValuesFromRow,
  type SmsTemplateRow,
} from '../sms-template-form-values';

export interface SmsTemplateFormProps {
  slug: string;
  tenantId: string;
  template?: SmsTemplateRow;
  /** After the first save: the page moves to the record's edit route (titled "Edit …"). */
  onCreated?: (template: SmsTemplateRow) => void;
}

/** Creates the template on the first save, then edits it; typed values stay when a save fails. */
export function SmsTemplateForm({ slug, tenantId, template, onCreated }: SmsTemplateFormProps) {
  const save = useSaveSmsTemplate(slug);
  const { savedId, values, set, error, saving, submit } = useRecordForm({
    row: template,
    newValues: newSmsTemplateValues,
    valuesFromRow: smsTemplateValuesFromRow,
    schema: smsTemplateInputSchema,
    save: (id, input) => save.mutateAsync({ id, tenantId, template: input }),
    onSaved: (row, created) => {
      showFlash('SMS template succesfuly updated');
      if (created) onCreated?.(row);
    },
    onFailed: (failure) => flashRequestError(failure),
  });

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
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
