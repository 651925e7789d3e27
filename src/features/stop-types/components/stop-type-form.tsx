import { FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { useSaveStopType } from '../api/save-stop-type';
import { stopTypeErrorText } from '../stop-type-error-text';
import {
  newStopTypeValues,
  stopTypeInputSchema,
  stopTypeValuesFromRow,
  type StopTypeRow,
} from '../stop-type-form-values';

export interface StopTypeFormProps {
  slug: string;
  tenantId: string;
  stopType?: StopTypeRow;
  /** After the first save: the page moves to the record's edit route (titled "Edit …"). */
  onCreated?: (stopType: StopTypeRow) => void;
}

/** Creates the stop type on the first save, then edits it; typed values stay when a save fails. */
export function StopTypeForm({ slug, tenantId, stopType, onCreated }: StopTypeFormProps) {
  const save = useSaveStopType(slug);
  const { form, savedId, submit, saving, baseError } = useRecordForm({
    row: stopType,
    newValues: newStopTypeValues,
    valuesFromRow: stopTypeValuesFromRow,
    schema: stopTypeInputSchema,
    save: (id, input) => save.mutateAsync({ id, tenantId, stopType: input }),
    onSaved: (row, created) => {
      showFlash('Stop type successfully saved!');
      if (created) onCreated?.(row);
    },
    onFailed: (failure) => showFlash(stopTypeErrorText(failure), 'alert'),
  });

  return (
    <FormShell
      label={savedId === undefined ? 'New stop type' : 'Edit stop type'}
      onSubmit={submit}
      baseError={baseError}
      actions={<SaveButton saving={saving} />}
    >
      <FormTextField control={form.control} name="stop_type" label="Stop type" required />
      <FormTextField
        control={form.control}
        name="wait_time"
        label="Wait time"
        hint="hh:mm"
        placeholder="hh:mm"
        inputMode="numeric"
        required
      />
    </FormShell>
  );
}
