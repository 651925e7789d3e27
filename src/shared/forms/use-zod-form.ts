import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { fullMessage, toFormErrors, type FailureContext, type FormErrors } from '@/shared/errors/form-errors';
import { placeServerErrors, valueNames } from './server-field-errors';
import { useSubmitLock } from './use-submit-lock';

export interface ZodFormOptions<Input extends FieldValues, Output, Result> {
  /** The form's own check, as the database would check it; its output is what `save` receives. */
  schema: z.ZodType<Output, Input>;
  defaultValues: Input;
  save: (input: Output) => Promise<Result>;
  /** After a successful save (the typed values stay unless this resets them). */
  onSaved?: (result: Result) => void;
  /** After a failed save, once its errors are under the fields (flash the sentence here). */
  onFailed?: (failure: unknown, errors: FormErrors) => void;
  /** The form's own check refused the values: `sentences` are its messages in full ("Number is invalid"). */
  onInvalid?: (sentences: string[]) => void;
  /** Shapes a failure into field errors; `toFormErrors` unless a feature words them its own way. */
  toErrors?: (failure: unknown) => FormErrors;
  /** Who tried what, for the plain permission sentence. */
  failureContext?: FailureContext;
  /** Server field names -> form field names (`location.address` -> `address`); a function when they depend on the values. */
  aliases?: Readonly<Record<string, string>> | (() => Readonly<Record<string, string>>);
}

export interface ZodForm<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  /** The form element's onSubmit: checks, saves once however often it is clicked, places the errors. */
  submit: (event?: FormEvent) => void;
  /** A save is under way (the Save button shows it and is disabled). */
  saving: boolean;
  /** The error no field holds: the server's base sentence. */
  baseError: string | undefined;
}

const BASE_ERROR = 'root.server';

/**
 * The one form hook of the app: react-hook-form with the zod schema as its resolver. Client errors and the
 * server's (constraint, RLS, edge function answers, via `toFormErrors`) both land under their fields, the rest
 * in one base sentence; nothing typed is lost when a save fails; and a ref lock makes a double click one
 * save (React state alone changes a render too late to stop the second click).
 */
export function useZodForm<Input extends FieldValues, Output, Result>(
  options: ZodFormOptions<Input, Output, Result>,
): ZodForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(options.schema),
    defaultValues: options.defaultValues as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const lock = useSubmitLock();

  const placeFailure = (failure: unknown): FormErrors => {
    const errors = (options.toErrors ?? ((value: unknown) => toFormErrors(value, options.failureContext)))(failure);
    const aliases = typeof options.aliases === 'function' ? options.aliases() : options.aliases;
    const placed = placeServerErrors(errors, valueNames(form.getValues()), aliases);
    for (const [name, message] of Object.entries(placed.fields)) {
      form.setError(name as FieldPath<Input>, { type: 'server', message }, { shouldFocus: false });
    }
    if (placed.base) form.setError(BASE_ERROR, { type: 'server', message: placed.base });
    return errors;
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!lock.acquire()) return;
    form.clearErrors(BASE_ERROR);
    void form
      .handleSubmit(
        async (output) => {
          let result: Result;
          try {
            result = await options.save(output);
          } catch (failure) {
            // Placed whether or not the form listens (an optional call would skip evaluating its arguments).
            const errors = placeFailure(failure);
            options.onFailed?.(failure, errors);
            return;
          }
          options.onSaved?.(result);
        },
        (errors) => {
          const sentences = Object.entries(errors).flatMap(([field, error]) =>
            error && typeof error.message === 'string' && error.message !== ''
              ? [fullMessage(field, error.message)]
              : [],
          );
          options.onInvalid?.(sentences);
        },
      )()
      .finally(lock.release);
  };

  return {
    form,
    submit,
    saving: form.formState.isSubmitting,
    baseError: form.formState.errors.root?.server?.message,
  };
}
