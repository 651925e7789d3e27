/**
 * The generic server message texts the specs use to show server errors: Rails' default English
 * validation messages, with `%{count}` and `%{attribute}` placeholders.
 */
export const serverMessages = {
  blank: "can't be blank",
  too_long: 'is too long (maximum is %{count} characters)',
  too_short: 'is too short (minimum is %{count} characters)',
  not_a_number: 'is not a number',
  not_an_integer: 'must be an integer',
  greater_than: 'must be greater than %{count}',
  greater_than_or_equal_to: 'must be greater than or equal to %{count}',
  less_than: 'must be less than %{count}',
  less_than_or_equal_to: 'must be less than or equal to %{count}',
  equal_to: 'must be equal to %{count}',
  taken: 'has already been taken',
  invalid: 'is invalid',
  not_found: 'not found',
  expired: 'has expired, please request a new one',
  confirmation: "doesn't match %{attribute}",
} as const;

export type ServerMessageKey = keyof typeof serverMessages;

export interface MessageValues {
  count?: number | string;
  attribute?: string;
}

/** Fills `%{name}` placeholders; an unknown or missing value leaves the placeholder as it was. */
export function interpolate(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/%\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** A generic server message, e.g. `serverMessage('too_long', { count: 120 })`. */
export function serverMessage(key: ServerMessageKey, values: MessageValues = {}): string {
  return interpolate(serverMessages[key], { count: values.count, attribute: values.attribute });
}
