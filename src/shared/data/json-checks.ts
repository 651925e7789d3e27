// Checks of a JSON answer without a schema library, for the pages a customer opens on a phone over a slow
// network (zod is 22 KB brotli of their download). Each check answers the value typed, or throws naming where
// the answer was not what the page expects; an object keeps only the fields it names.

export type Check<T> = (value: unknown, path: string) => T;

function fail(path: string, expected: string): never {
  throw new Error(`${path}: expected ${expected}`);
}

export const string: Check<string> = (value, path) => (typeof value === 'string' ? value : fail(path, 'a string'));
export const number: Check<number> = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number');
export const boolean: Check<boolean> = (value, path) => (typeof value === 'boolean' ? value : fail(path, 'a boolean'));

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value, path) =>
    value === null ? null : check(value, path);

export const array =
  <T>(check: Check<T>): Check<T[]> =>
  (value, path) =>
    Array.isArray(value) ? value.map((item, index) => check(item, `${path}[${index}]`)) : fail(path, 'an array');

export function object<T extends object>(fields: { [K in keyof T]: Check<T[K]> }): Check<T> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(path, 'an object');
    const checked: Partial<T> = {};
    for (const key of Object.keys(fields) as Array<keyof T>)
      checked[key] = fields[key](Reflect.get(value, key), `${path}.${String(key)}`);
    return checked as T;
  };
}
