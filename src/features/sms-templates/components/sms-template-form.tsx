import { FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
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
  const { form, savedId, submit, saving, baseError } = useRecordForm({
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
    <FormShell
      label={savedId === undefined ? 'New SMS template' : 'Edit SMS template'}
      onSubmit={submit}
      baseError={baseError}
      actions={<SaveButton saving={saving} />}
    >
      <FormTextField control={form.control} name="name" label="Name" required />
      <FormTextField control={form.control} name="text" label="Text" required multiline />
    </FormShell>
  );
}
