import type { Control, FieldValues, FieldPathByValue } from 'react-hook-form';
import { FormSelectField } from '@/shared/forms/form-fields';
import type { SelectOption } from '@/shared/ui/form-fields/select-field';
import type { IsoDate } from '@/shared/dates/calendar-date';
import { useCalendarChoices } from '../api/calendar-week';

interface Props<T extends FieldValues, Out> {
  control: Control<T, unknown, Out>;
  routeName: FieldPathByValue<T, string>;
  userName: FieldPathByValue<T, string>;
  slug: string;
  depoId: number;
  date: IsoDate;
  /** The event being edited: its own route and driver stay on offer. */
  exceptEventId: number | null;
}

/** Route and driver pickers: only live routes of the depo and active users not already planned that date. */
export function AssignmentFields<T extends FieldValues, Out>({
  control,
  routeName,
  userName,
  slug,
  depoId,
  date,
  exceptEventId,
}: Props<T, Out>) {
  const choices = useCalendarChoices(slug, depoId, date, exceptEventId);
  const none: SelectOption[] = [];
  return (
    <>
      <FormSelectField
        control={control}
        name={routeName}
        label="Route"
        placeholder="Choose route"
        options={choices.data?.routes ?? none}
        required
      />
      <FormSelectField
        control={control}
        name={userName}
        label="Driver"
        placeholder="Choose driver"
        options={choices.data?.users ?? none}
        required
      />
    </>
  );
}
