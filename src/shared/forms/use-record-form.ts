import { useState, type FormEvent } from 'react';
import { useSubmitLock } from './use-submit-lock';
import type { z } from 'zod';
import { emptyFormErrors, firstFieldError, toFormErrors, type FormErrors } from '@/shared/errors/form-errors';
import { zodFormErrors } from '@/shared/errors/zod-form-errors';

export interface RecordFormOptions<Values, Input, Row extends { id: number }> {
  /** The record being edited; absent on a "new" page. */
  row?: Row;
  newValues: () => Values;
  valuesFromRow: (row: Row) => Values;
  schema: z.ZodType<Input>;
  /** Inserts when `id` is undefined, updates otherwise; resolves with the saved row. */
  save: (id: number | undefined, input: Input) => Promise<Row>;
  /** After a successful save; `created` is true for the first save of a new record. */
  onSaved: (row: Row, created: boolean) => void;
  onFailed: (failure: unknown) => void;
}

/**
 * The admin forms' shared behaviour (admin-core §4): the first save creates the record, later saves edit it
 * by its returned id; the form's own check and the server's answer both land as errors under the fields,
 * and nothing typed is lost when a save fails.
 */
export function useRecordForm<Values, Input, Row extends { id: number }>(options: RecordFormOptions<Values, Input, Row>) {
  const [savedId, setSavedId] = useState<number | undefined>(options.row?.id);
  const [values, setValues] = useState<Values>(() => (options.row ? options.valuesFromRow(options.row) : options.newValues()));
  const [formErrors, setFormErrors] = useState<FormErrors>(emptyFormErrors);
  const [saving, setSaving] = useState(false);
  const lock = useSubmitLock();

  const set =
    <Field extends keyof Values>(field: Field) =>
    (value: Values[Field]) =>
      setValues((previous) => ({ ...previous, [field]: value }));
  const error = (field: string) => firstFieldError(formErrors, field);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) {
      setFormErrors(zodFormErrors(parsed.error));
      return;
    }
    if (!lock.acquire()) return;
    const created = savedId === undefined;
    setSaving(true);
    try {
      const row = await options.save(savedId, parsed.data);
      setSavedId(row.id);
      setValues(options.valuesFromRow(row));
      setFormErrors(emptyFormErrors());
      options.onSaved(row, created);
    } catch (failure) {
      setFormErrors(toFormErrors(failure));
      options.onFailed(failure);
    } finally {
      lock.release();
      setSaving(false);
    }
  };

  return { savedId, values, set, error, saving, submit: (event: FormEvent) => void submit(event) };
}
