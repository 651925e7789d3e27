import { BASE_FIELD, fullMessage, type FormErrors } from '@/shared/errors/form-errors';

/** Where a failure's messages land on a form: one message per field it has, the rest as one base sentence. */
export interface PlacedErrors {
  fields: Record<string, string>;
  base: string | undefined;
}

/**
 * Puts the server's errors under the form's own fields. The server may name a field differently from the
 * form (`location.address` for `address`, `depo` for `depo_id`): `aliases` maps server names to form names,
 * and a name with or without `_id` finds its field. What no field can hold becomes a base sentence, worded in
 * full ("Tenant is invalid") so it still says which value was wrong.
 */
export function placeServerErrors(
  formErrors: FormErrors,
  fieldNames: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): PlacedErrors {
  const known = new Set(fieldNames);
  const fields: Record<string, string> = {};
  const base: string[] = [];
  const target = (field: string): string | undefined => {
    const candidates = [aliases[field], field, field.endsWith('_id') ? field.slice(0, -3) : `${field}_id`];
    return candidates.find((name): name is string => name !== undefined && known.has(name));
  };
  for (const [field, messages] of Object.entries(formErrors.errors)) {
    if (messages.length === 0) continue;
    if (field === BASE_FIELD) {
      base.push(...messages);
      continue;
    }
    const name = target(field);
    if (name === undefined) base.push(...messages.map((message) => fullMessage(field, message)));
    else fields[name] ??= messages[0];
  }
  // A failure with sentences only (an edge function's `full_errors`) still says something.
  if (Object.keys(formErrors.errors).length === 0 && formErrors.full_errors.length > 0)
    base.push(...formErrors.full_errors);
  return { fields, base: base.length > 0 ? base.join(', ') : undefined };
}

/** The dotted names of every value in a form's values (`location.address`), arrays counting as one value. */
export function valueNames(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return prefix === '' ? [] : [prefix];
  return Object.entries(values).flatMap(([key, value]) => {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? valueNames(value, name) : [name];
  });
}
