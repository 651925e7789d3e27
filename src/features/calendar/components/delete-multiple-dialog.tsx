import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { FormDateField, FormSelectField } from '@/shared/forms/form-fields';
import { tenantDateText } from '@/shared/forms/date-text';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { formatDmy } from '@/shared/dates/calendar-date';
import { serverMessage } from '@/shared/errors/server-messages';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { SaveButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { showFlash } from '@/shared/ui/flash/flash-store';
import type { CalendarCar } from '../api/calendar-week';
import { useDeletePlanEventsInRange } from '../api/plan-event-writes';

const schema = z.object({
  car_id: z.string().min(1, serverMessage('blank')),
  start_date: tenantDateText(),
  end_date: tenantDateText(),
});

/** Delete multiple: a car's plan events within a date range (DD-MM-YYYY), then the spec's sentence with the count. */
export function DeleteMultipleDialog({
  slug,
  depoId,
  cars,
  onClose,
}: {
  slug: string;
  depoId: number;
  cars: CalendarCar[];
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const remove = useDeletePlanEventsInRange(slug, depoId);
  const { form, submit, saving, baseError } = useZodForm({
    schema,
    defaultValues: { car_id: '', start_date: '', end_date: '' },
    save: (values) =>
      remove
        .mutateAsync({ carId: Number(values.car_id), start: values.start_date, end: values.end_date })
        .then((deleted) => ({ deleted, values })),
    onSaved: ({ deleted, values }) => {
      const number = cars.find((car) => String(car.id) === values.car_id)?.internal_number ?? '';
      showFlash(
        `All plan events (${deleted.length}) for car ${number} within interval ${formatDmy(values.start_date)} - ${formatDmy(values.end_date)} have been deleted`,
      );
      onClose();
    },
    // The spec: the failure is flashed, then the modal closes.
    onFailed: (failure) => {
      flashRequestError(failure);
      onClose();
    },
  });
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog calendar__dialog"
      aria-labelledby="delete-multiple-title"
      onCancel={onClose}
    >
      <h2 id="delete-multiple-title" className="confirm-dialog__title">
        Delete multiple plan events
      </h2>
      <FormShell
        label="Delete multiple plan events"
        onSubmit={submit}
        baseError={baseError}
        actions={
          <>
            <SaveButton saving={saving}>Delete</SaveButton>
            <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          </>
        }
      >
        <FormSelectField
          control={form.control}
          name="car_id"
          label="Car"
          placeholder="Choose car"
          options={cars.map((car) => ({ value: String(car.id), label: car.internal_number }))}
          required
        />
        <FormDateField control={form.control} name="start_date" label="Start date" required />
        <FormDateField control={form.control} name="end_date" label="End date" required />
      </FormShell>
    </dialog>
  );
}
