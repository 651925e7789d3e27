import { useContext } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { IsoDate, TenantDateFormat } from '@/shared/dates/calendar-date';
import { fullMessage } from '@/shared/errors/form-errors';
import { DatePicker } from '@/shared/ui/date-picker/date-picker';
import { CheckboxField, type CheckboxFieldProps } from '@/shared/ui/form-fields/checkbox-field';
import { FullFieldMessages } from '@/shared/ui/form-fields/form-shell';
import { RadioGroupField, type RadioOption } from '@/shared/ui/form-fields/radio-group-field';
import { SelectField, type SelectFieldProps } from '@/shared/ui/form-fields/select-field';
import { TextField, type TextFieldProps } from '@/shared/ui/form-fields/text-field';

/** A field bound to a value of the form by name; the value at that name has type `Value`. */
interface Bound<T extends FieldValues, Out, Value> {
  control: Control<T, unknown, Out>;
  name: FieldPathByValue<T, Value>;
}

/** The field's message as the form shows it (whole sentences where the form asks for them). */
function useErrorText(name: string, message: string | undefined): string | undefined {
  const full = useContext(FullFieldMessages);
  if (!message) return undefined;
  return full ? fullMessage(name, message) : message;
}

function useBound<T extends FieldValues, Out, Value>({ control, name }: Bound<T, Out, Value>) {
  const { field, fieldState } = useController({ control, name });
  return { field, error: useErrorText(name, fieldState.error?.message) };
}

type Managed = 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef';

export function FormTextField<T extends FieldValues, Out>({
  control,
  name,
  ...props
}: Bound<T, Out, string> & Omit<TextFieldProps, Managed>) {
  const { field, error } = useBound({ control, name });
  return (
    <TextField
      {...props}
      name={name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
    />
  );
}

export function FormSelectField<T extends FieldValues, Out>({
  control,
  name,
  ...props
}: Bound<T, Out, string> & Omit<SelectFieldProps, Managed>) {
  const { field, error } = useBound({ control, name });
  return (
    <SelectField
      {...props}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
    />
  );
}

export function FormRadioGroupField<T extends FieldValues, Out, Value extends string>({
  control,
  name,
  legend,
  options,
}: Bound<T, Out, Value | null> & { legend: string; options: readonly RadioOption<Value>[] }) {
  const { field, error } = useBound({ control, name });
  return (
    <RadioGroupField
      legend={legend}
      value={field.value}
      options={options}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
    />
  );
}

export function FormCheckboxField<T extends FieldValues, Out>({
  control,
  name,
  ...props
}: Bound<T, Out, boolean> & Omit<CheckboxFieldProps, Managed | 'checked'>) {
  const { field, error } = useBound({ control, name });
  return (
    <CheckboxField
      {...props}
      checked={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
    />
  );
}

/** A date typed in the tenant's format; the form holds the text, and its schema reads it (`tenantDateText`). */
export function FormDateField<T extends FieldValues, Out>({
  control,
  name,
  label,
  format,
  timeZone,
  min,
  required,
}: Bound<T, Out, string> & {
  label: string;
  format?: TenantDateFormat;
  timeZone?: string;
  min?: IsoDate;
  required?: boolean;
}) {
  const { field, error } = useBound({ control, name });
  return (
    <div className="field">
      <DatePicker
        label={label}
        text={field.value}
        onTextChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        format={format}
        timeZone={timeZone}
        min={min}
        required={required}
        error={error}
      />
    </div>
  );
}
