import { useWatch } from 'react-hook-form';
import { FormDateField, FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { parseTenantDate } from '@/shared/format/tenant-date';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { CheckboxField } from '@/shared/ui/form-fields/checkbox-field';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
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
  /** The tenant's zone: the calendar opens on today there. */
  timeZone?: string;
  campaign?: SmsCampaignRow;
  /** After the first save: the page moves to the campaign's edit route. */
  onCreated?: (campaign: SmsCampaignRow) => void;
}

/** Creates the campaign on the first save, then edits it; typed values stay when a save fails. */
export function SmsCampaignForm({ slug, tenantId, timeZone, campaign, onCreated }: SmsCampaignFormProps) {
  const save = useSaveSmsCampaign(slug);
  const { form, savedId, submit, saving, baseError } = useRecordForm({
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
  const start = parseTenantDate(useWatch({ control: form.control, name: 'start_date' }), 'DD-MM-YYYY') ?? undefined;

  return (
    <FormShell
      label={savedId === undefined ? 'New SMS campaign' : 'Edit SMS campaign'}
      onSubmit={submit}
      baseError={baseError}
      actions={<SaveButton saving={saving} />}
    >
      <FormTextField control={form.control} name="name" label="Name" required />
      <FormTextField control={form.control} name="text" label="Text" required multiline />
      <FormDateField control={form.control} name="start_date" label="Start date" timeZone={timeZone} required />
      <FormDateField control={form.control} name="end_date" label="End date" timeZone={timeZone} min={start} required />
      <CheckboxField
        label="Include subscribe info"
        checked={false}
        onChange={() => undefined}
        disabled
        hint="Not yet available"
      />
    </FormShell>
  );
}
