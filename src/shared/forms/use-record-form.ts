import { useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { FailureContext, FormErrors } from '@/shared/errors/form-errors';
import { useZodForm, type ZodForm } from './use-zod-form';

export interface RecordFormOptions<Values extends FieldValues, Output, Row extends { id: Id }, Id = number> {
  /** The record being edited; absent on a "new" page. */
  row?: Row;
  newValues: () => Values;
  valuesFromRow: (row: Row) => Values;
  schema: z.ZodType<Output, Values>;
  /** Inserts when `id` is undefined, updates otherwise; resolves with the saved row. */
  save: (id: Id | undefined, input: Output) => Promise<Row>;
  /** After a successful save; `created` is true for the first save of a new record. */
  onSaved?: (row: Row, created: boolean) => void;
  onFailed?: (failure: unknown, errors: FormErrors) => void;
  toErrors?: (failure: unknown) => FormErrors;
  failureContext?: FailureContext;
  aliases?: Readonly<Record<string, string>> | (() => Readonly<Record<string, string>>);
}

export interface RecordForm<Values extends FieldValues, Output, Id> extends ZodForm<Values, Output> {
  /** The record's id once it exists (after the first save on a "new" page). */
  savedId: Id | undefined;
}

/**
 * A record's form (admin-core §4): the first save creates it, every later save edits it by the returned id,
 * even a second click that arrives after the create answered; the saved row's values then fill the form.
 */
export function useRecordForm<Values extends FieldValues, Output, Row extends { id: Id }, Id = number>(
  options: RecordFormOptions<Values, Output, Row, Id>,
): RecordForm<Values, Output, Id> {
  const id = useRef<Id | undefined>(options.row?.id);
  const [savedId, setSavedId] = useState<Id | undefined>(options.row?.id);
  const zodForm = useZodForm<Values, Output, { row: Row; created: boolean }>({
    schema: options.schema,
    defaultValues: options.row ? options.valuesFromRow(options.row) : options.newValues(),
    save: async (input) => {
      const created = id.current === undefined;
      const row = await options.save(id.current, input);
      id.current = row.id;
      return { row, created };
    },
    onSaved: ({ row, created }) => {
      setSavedId(row.id);
      zodForm.form.reset(options.valuesFromRow(row));
      options.onSaved?.(row, created);
    },
    onFailed: options.onFailed,
    toErrors: options.toErrors,
    failureContext: options.failureContext,
    aliases: options.aliases,
  });
  return { ...zodForm, savedId };
}
