import { useRecordForm } from '@/shared/forms/use-record-form';
import { DateField } from '@/shared/ui/date-range/date-field';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { CheckboxField } from '@/shared/ui/form-fields/checkbox-field';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useSaveSmsCampaign } from '../api/save-sms-campaign';
import {
  newSmsCampaignValues,
  smsCampaignInputSchema,
  smsCampaignValuesFromRow,
  type SmsCampaignRow,
} from '../sms-campaign-form-values';

export interface SmsCampaignFormProps {
  slug: string;
  tenantId: string;
  campaign?: SmsCampaignRow;
  /** After the first save: the page moves to the campaign's edit route. */
  onCreated?: (campaign: SmsCampaignRow) => void;
}

/** Creates the campaign on the first save, then edits it; typed values stay when a save fails. */
export function SmsCampaignForm({ slug, tenantId, campaign, onCreated }: SmsCampaignFormProps) {
  const save = useSaveSmsCampaign(slug);
  const { savedId, values, set, error, saving, submit } = useRecordForm({
    row: campaign,
    newValues: newSmsCampaignValues,
    valuesFromRow: smsCampaignValuesFromRow,
    schema: smsCampaignInputSchema,
    save: (id, input) => save.mutateAsync({ id, tenantId, campaign: input }),
    onSaved: (row, created) => {
      showFlash('Sms Campaign saved successfully!');
      if (created) onCreated?.(row);
    },
    onFailed: (failure) => flashRequestError(failure),
  });

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label={savedId === undefined ? 'New SMS campaign' : 'Edit SMS campaign'}>
      {error('base') && (
        <p className="form__error" role="alert">
          {error('base')}
        </p>
      )}
      <TextField label="Name" value={values.name} onChange={set('name')} error={error('name')} required />
      <TextField label="Text" value={values.text} onChange={set('text')} error={error('text')} required multiline />
      <div className="field">
        <DateField label="Start date" value={values.start_date} onChange={set('start_date')} required />
        {error('start_date') && <span className="field__error">{error('start_date')}</span>}
      </div>
      <div className="field">
        <DateField label="End date" value={values.end_date} onChange={set('end_date')} min={values.start_date || undefined} required />
        {error('end_date') && <span className="field__error">{error('end_date')}</span>}
      </div>
      <CheckboxField label="Include subscribe info" checked={false} onChange={() => undefined} disabled hint="Not yet available" />
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
