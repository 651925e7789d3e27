import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useSaveStopType } from '../api/save-stop-type';
import { stopTypeErrorText } from '../stop-type-error-text';
import { newStopTypeValues, stopTypeInputSchema, stopTypeValuesFromRow, type StopTypeRow } from '../stop-type-form-values';

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
  const { savedId, values, set, error, saving, submit } = useRecordForm({
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
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
