import { failureKind, failureSentences, isIntendedSentence } from './failure-kind';
import { serverMessage } from './server-messages';

/** Who tried what, for the plain permission sentence ("You don't have permission to edit depos"). */
export interface FailureContext {
  /** A verb: `edit`, `create`, `delete`. */
  action?: string;
  /** The records, plural: `depos`, `SMS templates`. */
  resource?: string;
}

/** The sentence for a failure no field can hold: never the server's raw text. */
export function plainSentence(failure: unknown, context: FailureContext = {}): string {
  const kind = failureKind(failure);
  if (kind === 'permission' && context.resource)
    return `You don't have permission to ${context.action ?? 'edit'} ${context.resource}`;
  return failureSentences[kind];
}

/**
 * The error shape every form reads (the specs' server answer): messages per field, and the
 * whole sentences to flash. Both are empty when the server gave none.
 */
export interface FormErrors {
  errors: Record<string, string[]>;
  full_errors: string[];
}

/** Errors that belong to no field (Rails' `base`). */
export const BASE_FIELD = 'base';

export const emptyFormErrors = (): FormErrors => ({ errors: {}, full_errors: [] });

/** `depo_id` -> `Depo`, `location.address` -> `Location address`, `sales_price` -> `Sales price`. */
export function humanizeAttribute(attribute: string): string {
  const words = attribute.replace(/_id$/, '').replace(/[._]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `Sku has already been taken`; a base error is its own sentence. */
export function fullMessage(attribute: string, message: string): string {
  return attribute === BASE_FIELD ? message : `${humanizeAttribute(attribute)} ${message}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringList = (value: unknown): string[] => {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];
};

function fieldErrorsFrom(field: string, message: string, full?: string): FormErrors {
  return { errors: { [field]: [message] }, full_errors: [full ?? fullMessage(field, message)] };
}

const baseError = (message: string): FormErrors => ({ errors: { [BASE_FIELD]: [message] }, full_errors: [message] });

/** Columns that scope a row rather than describe it: never the field a user can correct. */
const SCOPE_COLUMNS = new Set(['tenant_id']);

/** `Key (tenant_id, sku)=(...)` -> ['tenant_id', 'sku']; `Key (lower(email))=` -> ['email']. */
function keyColumns(details: string): string[] {
  const match = /Key \((.+?)\)=\(/.exec(details);
  if (!match) return [];
  return match[1].split(/,\s*/).map((column) => column.replace(/^\w+\((\w+)\)$/, '$1').replace(/"/g, ''));
}

function pickColumn(columns: string[]): string | undefined {
  const described = columns.filter((column) => !SCOPE_COLUMNS.has(column));
  return described.at(-1) ?? columns.at(-1);
}

/**
 * Postgres leaves out the `Key (...)` detail on tables with row-level security, so the column is
 * read from the constraint's default name instead: `cars_tenant_id_internal_number_key` ->
 * `internal_number` (tenant tables lead their unique keys with tenant_id).
 */
function tenantKeyColumn(message: string): string | undefined {
  const constraint = /unique constraint "([a-z0-9_]+)_key"/.exec(message)?.[1];
  const column = constraint?.split('_tenant_id_')[1];
  return column && IDENTIFIER.test(column) ? column : undefined;
}

const IDENTIFIER = /^[a-z_][a-z0-9_.]*$/;

/** A Postgres or PostgREST error (`{ code, message, details, hint }`) in the form shape. */
function fromPostgrestError(
  error: { code: string; message: string; details: string; hint: string },
  context: FailureContext,
): FormErrors {
  const { code, message, details, hint } = error;
  const plain = () => baseError(plainSentence(error, context));
  switch (code) {
    case '23505': {
      const column = pickColumn(keyColumns(details)) ?? tenantKeyColumn(message);
      return column ? fieldErrorsFrom(column, serverMessage('taken')) : plain();
    }
    case '23502': {
      const column = /column "([^"]+)"/.exec(message)?.[1];
      return column ? fieldErrorsFrom(column, serverMessage('blank')) : plain();
    }
    case '23503': {
      const referencing = /is still referenced from table "([^"]+)"/.exec(details);
      if (referencing)
        return baseError(`Cannot delete record because dependent ${referencing[1].replace(/_/g, ' ')} exist`);
      const column = pickColumn(keyColumns(details));
      return column ? fieldErrorsFrom(column, serverMessage('not_found')) : plain();
    }
    case '23514': {
      // Postgres names an inline check `<table>_<column>_check`.
      const constraint = /violates check constraint "([^"]+)"/.exec(message)?.[1];
      const table = /relation "([^"]+)"/.exec(message)?.[1];
      if (constraint && table && constraint.startsWith(`${table}_`) && constraint.endsWith('_check')) {
        const column = constraint.slice(table.length + 1, -'_check'.length);
        if (IDENTIFIER.test(column)) return fieldErrorsFrom(column, serverMessage('invalid'));
      }
      break;
    }
    case 'PGRST116':
      if (/\b0 rows\b/.test(details)) return baseError('Not found');
      break;
    default:
      break;
  }
  // A function that raises a sentence for one field names the field in the hint.
  if (hint && IDENTIFIER.test(hint)) return { errors: { [hint]: [message] }, full_errors: [message] };
  // A sentence raised on purpose is meant for people; anything else (SQL, policy, constraint text) is not.
  if (isIntendedSentence(code, message)) return baseError(message);
  return plain();
}

/** An answer already in the form shape (edge functions): keeps what is there, empty when missing. */
function fromErrorsBody(body: Record<string, unknown>): FormErrors {
  const errors: Record<string, string[]> = {};
  if (isRecord(body.errors)) {
    for (const [field, messages] of Object.entries(body.errors)) {
      const list = stringList(messages);
      if (list.length > 0) errors[field] = list;
    }
  }
  return { errors, full_errors: stringList(body.full_errors) };
}

const isPostgrestError = (
  value: Record<string, unknown>,
): value is Record<string, unknown> & { code: string; message: string } =>
  typeof value.code === 'string' && typeof value.message === 'string';

/**
 * Any failure a form can meet, in the form shape: a PostgREST/Postgres error (constraint
 * violations become field errors with Rails' texts), an edge function's `{ errors, full_errors }`
 * body, a `RequestError` carrying either, or a plain `Error`.
 */
export function toFormErrors(failure: unknown, context: FailureContext = {}): FormErrors {
  if (!isRecord(failure) && !(failure instanceof Error)) return emptyFormErrors();
  const record = failure as unknown as Record<string, unknown>;
  // A RequestError keeps the server's answer in `body`; its status says what a bodiless answer means.
  if (isRecord(record.body)) {
    const fromBody = toFormErrors({ status: record.status, ...record.body }, context);
    if (fromBody.full_errors.length > 0 || Object.keys(fromBody.errors).length > 0) return fromBody;
    // An edge function's `{ error }` sentence is written for people (the spec's texts).
    if (typeof record.body.error === 'string' && record.body.error !== '') return baseError(record.body.error);
    const kind = failureKind(failure);
    return kind === 'unknown' ? fromBody : baseError(plainSentence(failure, context));
  }
  if ('errors' in record || 'full_errors' in record) return fromErrorsBody(record);
  if (isPostgrestError(record)) {
    return fromPostgrestError(
      {
        code: record.code,
        message: record.message,
        details: typeof record.details === 'string' ? record.details : '',
        hint: typeof record.hint === 'string' ? record.hint : '',
      },
      context,
    );
  }
  if (failure instanceof Error) {
    if (failureKind(failure) !== 'unknown') return baseError(plainSentence(failure, context));
    return failure.message ? baseError(failure.message) : emptyFormErrors();
  }
  return emptyFormErrors();
}

/** The messages of a field, trying the name with and without an `_id` suffix (`depo` / `depo_id`). */
export function fieldErrors(formErrors: FormErrors, field: string): string[] {
  const alternative = field.endsWith('_id') ? field.slice(0, -'_id'.length) : `${field}_id`;
  return formErrors.errors[field] ?? formErrors.errors[alternative] ?? [];
}

/** The first message of a field, as the delivery screens show it under the input. */
export function firstFieldError(formErrors: FormErrors, field: string): string | undefined {
  return fieldErrors(formErrors, field)[0];
}

/** All messages of a field joined by commas, as the inventory forms show them. */
export function joinedFieldErrors(formErrors: FormErrors, field: string): string | undefined {
  const messages = fieldErrors(formErrors, field);
  return messages.length > 0 ? messages.join(', ') : undefined;
}

/** The full errors as one flash text: joined by a comma and a space. */
export function fullErrorsText(formErrors: FormErrors): string {
  return formErrors.full_errors.join(', ');
}
