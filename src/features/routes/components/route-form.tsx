import { FormCheckboxField, FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { useCreateRoute, useUpdateRoute } from '../api/save-route';
import {
  newRouteValues,
  routeInputSchema,
  routeInsert,
  routeUpdate,
  routeValuesFromRow,
  type RouteRow,
} from '../route-form-values';

export interface RouteFormProps {
  slug: string;
  tenantId: string;
  /** The depo a new route is made in (the depo of the URL). */
  depoId: number;
  /** The route being edited; none on the new-route page until the first save. */
  route?: RouteRow;
  onSaved?: (route: RouteRow, created: boolean) => void;
}

/** Creates the route on the first save, then edits it. The typed values stay on screen when a save fails. */
export function RouteForm({ slug, tenantId, depoId, route, onSaved }: RouteFormProps) {
  const createRoute = useCreateRoute(slug);
  const updateRoute = useUpdateRoute(slug);
  const { form, savedId, submit, saving, baseError } = useRecordForm({
    row: route,
    newValues: newRouteValues,
    valuesFromRow: routeValuesFromRow,
    schema: routeInputSchema,
    save: (id, input) =>
      id === undefined
        ? createRoute.mutateAsync(routeInsert(input, tenantId, depoId))
        : updateRoute.mutateAsync({ id, changes: routeUpdate(input) }),
    onSaved: (row, created) => {
      showFlash(`Route: ${row.name} successfully ${created ? 'created' : 'updated'}!`);
      onSaved?.(row, created);
    },
    onFailed: (failure) => flashRequestError(failure),
    aliases: { start_coordinates: 'start_lat', end_coordinates: 'end_lat' },
  });
  const { control } = form;

  return (
    <FormShell
      label={savedId === undefined ? 'New route' : 'Edit route'}
      onSubmit={submit}
      baseError={baseError}
      actions={<SaveButton saving={saving} />}
    >
      <FormTextField control={control} name="name" label="Name" required />
      <FormTextField control={control} name="route_type" label="Route type" />
      <FormTextField control={control} name="tag" label="Tag" />
      <FormTextField control={control} name="radius" label="Radius (m)" inputMode="numeric" />
      <FormTextField
        control={control}
        name="minimum_efficient_sales_count"
        label="Minimum efficient sales count"
        inputMode="numeric"
      />
      <FormTextField control={control} name="first_stop_arrival_time" label="First stop arrival time" type="time" />
      <FormTextField control={control} name="last_stop_arrival_time" label="Last stop arrival time" type="time" />
      <FormTextField control={control} name="route_duration" label="Route duration (hours)" inputMode="decimal" />
      <FormTextField
        control={control}
        name="administration_time"
        label="Administration time (hours)"
        inputMode="decimal"
      />
      <FormTextField
        control={control}
        name="eod_administration_time"
        label="End of day administration time (hours)"
        inputMode="decimal"
      />
      <FormTextField control={control} name="should_leave_at_time" label="Should leave at" type="time" />
      <FormTextField control={control} name="start_address" label="Start address" />
      <FormTextField control={control} name="start_lat" label="Start latitude" inputMode="decimal" />
      <FormTextField control={control} name="start_lng" label="Start longitude" inputMode="decimal" />
      <FormTextField control={control} name="end_address" label="End address" />
      <FormTextField control={control} name="end_lat" label="End latitude" inputMode="decimal" />
      <FormTextField control={control} name="end_lng" label="End longitude" inputMode="decimal" />
      <FormCheckboxField control={control} name="return_to_depo" label="Return to depo" />
    </FormShell>
  );
}
