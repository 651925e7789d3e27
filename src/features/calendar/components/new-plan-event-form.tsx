import { useWatch } from 'react-hook-form';
import { FormCheckboxField, FormDateField, FormTextField } from '@/shared/forms/form-fields';
import { useRequestKeys } from '@/shared/forms/use-request-keys';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { formatDmy, type IsoDate } from '@/shared/dates/calendar-date';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { SaveButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { useCreatePlanEvents } from '../api/plan-event-writes';
import {
  DEFAULT_RECURRENCE_INTERVAL,
  INVALID_RECURRENCE,
  newPlanEventSchema,
  readRecurrence,
} from '../plan-event-rules';
import { AssignmentFields } from './assignment-fields';

interface Props {
  slug: string;
  depoId: number;
  carId: number;
  date: IsoDate;
  onClose: () => void;
}

/** 'CREATE NEW PLAN EVENT' opened on a cell: route, driver, and optionally Recurring (end date, interval). */
export function NewPlanEventForm({ slug, depoId, carId, date, onClose }: Props) {
  const create = useCreatePlanEvents(slug, depoId);
  const keys = useRequestKeys();
  const scope = `${carId}:${date}`;
  const { form, submit, saving, baseError } = useZodForm({
    schema: newPlanEventSchema(date),
    // The recurring end date starts at the selected day (spec §9).
    defaultValues: {
      route_id: '',
      user_id: '',
      recurring: false,
      end_date: formatDmy(date),
      interval: String(DEFAULT_RECURRENCE_INTERVAL),
    },
    save: (values) =>
      create.mutateAsync({
        carId,
        routeId: Number(values.route_id),
        userId: values.user_id,
        dates: [date],
        recurrence: values.recurring ? readRecurrence(values.end_date, values.interval, date) : null,
        requestKey: keys.keyFor(scope),
      }),
    onSaved: (events) => {
      keys.succeeded(scope);
      showFlash(events.length === 1 ? 'Plan event created' : `${events.length} plan events created`);
      onClose();
    },
    onFailed: (failure) => flashRequestError(failure),
  });
  const [routeId, userId, recurring, endDate, interval] = useWatch({
    control: form.control,
    name: ['route_id', 'user_id', 'recurring', 'end_date', 'interval'],
  });
  const recurrenceValid = !recurring || readRecurrence(endDate, interval, date) !== null;
  // Saves only when something was chosen, and (spec §5) Save is hidden while the recurrence is invalid.
  const canSave = routeId !== '' && userId !== '' && recurrenceValid;
  return (
    <FormShell
      label="New plan event"
      onSubmit={submit}
      baseError={baseError}
      className="calendar__form"
      actions={
        <>
          {canSave && <SaveButton saving={saving} />}
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
        </>
      }
    >
      <AssignmentFields
        control={form.control}
        routeName="route_id"
        userName="user_id"
        slug={slug}
        depoId={depoId}
        date={date}
        exceptEventId={null}
      />
      <FormCheckboxField control={form.control} name="recurring" label="Recurring" />
      {recurring && (
        <>
          <FormDateField control={form.control} name="end_date" label="End date" min={date} />
          <FormTextField
            control={form.control}
            name="interval"
            label="Interval (days)"
            type="number"
            inputMode="numeric"
          />
          {!recurrenceValid && (
            <p className="form__error" role="alert">
              {INVALID_RECURRENCE}
            </p>
          )}
        </>
      )}
    </FormShell>
  );
}
