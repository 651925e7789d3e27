/**
 * Readers for the values of a URL's path and search, for the routes' `params` and `validateSearch`. The route
 * tree is part of the entry chunk that every page loads, the customers' pages on phones too, so these are a few
 * lines of plain code rather than a validation library (zod loads with the pages that use it).
 * Each reader takes whatever the router parsed (`?page=2` arrives as the number 2) and answers undefined for a
 * value that is missing or malformed, so a route falls back to its default.
 */

/** A path segment that names no page (`/customers/abc/edit`): the route error shows "Page not found". */
export class InvalidPathParamError extends Error {
  constructor(name: string) {
    super(`Invalid path parameter: ${name}`);
    this.name = 'InvalidPathParamError';
  }
}

/** A whole number ≥ 1 (`2` or `'2'`). */
export function positiveInt(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

/** One of a fixed set of words. */
export function oneOf<const T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((allowed) => allowed === value);
}

/** Text, as long as `max` at most (after trimming when asked). The router reads `?phone=123` as a number. */
export function text(
  value: unknown,
  options: { max?: number; trim?: boolean; numbers?: boolean } = {},
): string | undefined {
  const raw =
    typeof value === 'string' ? value : options.numbers && typeof value === 'number' ? String(value) : undefined;
  if (raw === undefined) return undefined;
  const result = options.trim ? raw.trim() : raw;
  return options.max !== undefined && result.length > options.max ? undefined : result;
}

/** A non-empty list of words of a fixed set; undefined when any entry is not one of them. */
export function listOf<const T extends string>(values: readonly T[], value: unknown): T[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const read = value.map((entry) => oneOf(values, entry));
  return read.every((entry): entry is T => entry !== undefined) ? read : undefined;
}

/** A true or false flag (`?all_depos=true` arrives as a boolean). */
export function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

// RFC 9562: version 1–8 and the RFC variant, or the nil and max uuids (what the database hands out).
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
