import { Link } from '@tanstack/react-router';
import { FormTextField } from '@/shared/forms/form-fields';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { SaveButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { useWatch } from 'react-hook-form';
import type { CalendarEvent } from '../api/calendar-week';
import { useDeletePlanEvent, useUpdateAssignment, useUpdateStart } from '../api/plan-event-writes';
import { assignmentSchema, hhmm, startTimeSchema } from '../plan-event-rules';
import { AssignmentFields } from './assignment-fields';
import { EventCellMenu, type EventCellAction } from './event-cell-menu';

export type CellMode = 'show' | 'edit' | 'startAtEdit';

interface Props {
  slug: string;
  depoId: number;
  event: CalendarEvent;
  mode: CellMode;
  /** Editing is offered only on the current depo's cars, to those who may write. */
  editable: boolean;
  onMode: (mode: CellMode) => void;
}

/** A plan event in its cell: shown, or edited (route and driver), or its start time edited. */
export function EventCell(props: Props) {
  if (props.mode === 'edit') return <AssignmentForm {...props} />;
  if (props.mode === 'startAtEdit') return <StartAtForm {...props} />;
  return <EventShow {...props} />;
}

function EventShow({ slug, depoId, event, editable, onMode }: Props) {
  const remove = useDeletePlanEvent(slug, depoId);
  const start = hhmm(event.start_at_hour, event.start_at_min);
  const deleteEvent = async (series: boolean) => {
    const message = series
      ? 'Are you sure you want to delete all plan events of this series that have not started?'
      : 'Are you sure you want to delete this plan event?';
    if (!(await confirm({ message, destructive: true, confirmLabel: 'Delete' }))) return;
    remove.mutateAsync({ eventId: event.id, series }).then(
      (count) => showFlash(series ? `Plan events of the series deleted (${count})` : 'Plan event deleted'),
      (failure: unknown) => flashRequestError(failure),
    );
  };
  const actions: EventCellAction[] = editable
    ? [
        { label: 'Edit', run: () => onMode('edit') },
        ...(event.can_be_deleted ? [{ label: 'Delete', danger: true, run: () => void deleteEvent(false) }] : []),
        ...(event.can_be_deleted && event.series_id !== null
          ? [{ label: 'Delete series', danger: true, run: () => void deleteEvent(true) }]
          : []),
      ]
    : [];
  const trip = { tenant: slug, depoId, planEventId: event.id };
  return (
    <div className="calendar__event">
      <div className="calendar__event-head">
        <strong className="calendar__route">{event.route_name}</strong>
        <EventCellMenu label={`Actions for ${event.route_name}`} actions={actions} />
      </div>
      <span className="calendar__driver">{event.user_full_name ?? event.user_email}</span>
      <span className="calendar__meta">
        {editable ? (
          <button
            type="button"
            className="calendar__start"
            aria-label={`Start time ${start}`}
            onClick={() => onMode('startAtEdit')}
          >
            {start}
          </button>
        ) : (
          <span className="calendar__start">{start}</span>
        )}
        {/* The trip's own pages, one click from its cell: its report and the SMS list of its customers. */}
        <Link className="calendar__trip-link" to="/$tenant/depo/$depoId/plan_events/$planEventId" params={trip}>
          Report
        </Link>
        <Link
          className="calendar__trip-link"
          to="/$tenant/depo/$depoId/plan_events/$planEventId/sms_customers"
          params={trip}
        >
          SMS
        </Link>
      </span>
      {event.series_id !== null && (
        <span className="calendar__series">Every {event.series_recurrence_interval} days</span>
      )}
    </div>
  );
}

function AssignmentForm({ slug, depoId, event, onMode }: Props) {
  const update = useUpdateAssignment(slug, depoId);
  const initial = { route_id: String(event.route_id), user_id: event.user_id };
  const { form, submit, saving, baseError } = useZodForm({
    schema: assignmentSchema,
    defaultValues: initial,
    save: (values) =>
      update.mutateAsync({ eventId: event.id, routeId: Number(values.route_id), userId: values.user_id }),
    onSaved: () => {
      showFlash('Plan event updated');
      onMode('show');
    },
    onFailed: (failure) => flashRequestError(failure),
  });
  const [routeId, userId] = useWatch({ control: form.control, name: ['route_id', 'user_id'] });
  // Saves only when something changed.
  const changed = routeId !== initial.route_id || userId !== initial.user_id;
  return (
    <FormShell
      label="Edit plan event"
      onSubmit={submit}
      baseError={baseError}
      className="calendar__form"
      actions={
        <>
          {changed && <SaveButton saving={saving} />}
          <SecondaryButton onClick={() => onMode('show')}>Cancel</SecondaryButton>
        </>
      }
    >
      <AssignmentFields
        control={form.control}
        routeName="route_id"
        userName="user_id"
        slug={slug}
        depoId={depoId}
        date={event.date}
        exceptEventId={event.id}
      />
    </FormShell>
  );
}

function StartAtForm({ slug, depoId, event, onMode }: Props) {
  const update = useUpdateStart(slug, depoId);
  const initial = hhmm(event.start_at_hour, event.start_at_min);
  const { form, submit, saving, baseError } = useZodForm({
    schema: startTimeSchema,
    defaultValues: { time: initial },
    save: ({ time }) => update.mutateAsync({ eventId: event.id, hour: time.hour, minute: time.minute }),
    onSaved: () => {
      showFlash('Start time updated');
      onMode('show');
    },
    onFailed: (failure) => flashRequestError(failure),
  });
  const time = useWatch({ control: form.control, name: 'time' });
  return (
    <FormShell
      label="Start time"
      onSubmit={submit}
      baseError={baseError}
      className="calendar__form"
      actions={
        <>
          {time !== initial && <SaveButton saving={saving} />}
          <SecondaryButton onClick={() => onMode('show')}>Cancel</SecondaryButton>
        </>
      }
    >
      <FormTextField control={form.control} name="time" label="Start at" type="time" />
    </FormShell>
  );
}
