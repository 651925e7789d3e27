// Request bodies and query strings checked with zod at the edge. Shape errors come back as Rails-style field
// errors (422), so the screens show them under the fields like any other validation message.
import { z } from 'npm:zod@4.6.7';
import { failure, type FieldErrors, validationFailed } from './http.ts';

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // `user.depo_ids.2` is reported on `depo_ids`, as the form shows it.
    const field = issue.path.filter((part) => typeof part === 'string').slice(-1)[0] ?? 'base';
    // Messages we wrote are in Rails wording; zod's own (wrong type and the like) become "is invalid".
    const message =
      issue.code === 'custom' || issue.message.startsWith('is ') || issue.message.includes("can't")
        ? issue.message
        : 'is invalid';
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<Parsed<z.output<S>>> {
  let raw: unknown;
  try {
    const text = await req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: failure(400, 'The request body is not valid JSON') };
  }
  return parseValue(raw, schema);
}

/** Query parameters as an object; `statuses[]=a&statuses[]=b` (Rails style) becomes `statuses: ['a', 'b']`. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const list = out[name];
      out[name] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      out[key] = value;
    }
  }
  return out;
}

export function parseValue<S extends z.ZodType>(raw: unknown, schema: S): Parsed<z.output<S>> {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, response: validationFailed(fieldErrorsOf(result.error)) };
}
