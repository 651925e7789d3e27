import { FunctionsHttpError } from '@supabase/functions-js';

/**
 * A failed call to the API, with what the screens need to report it: the server's text, the
 * request address (the specs flash "error text (address)") and, for forms, the error body.
 */
export class RequestError extends Error {
  readonly status: number;
  /** The request address below the API origin, e.g. `/rest/v1/cars?id=eq.5`. */
  readonly path: string;
  /** PostgREST or Postgres error code (`23505`, `PGRST116`...), '' when the server gave none. */
  readonly code: string;
  readonly details: string;
  readonly hint: string;
  /** The parsed error body: a PostgREST error object or an edge function's `{ errors, full_errors }`. */
  readonly body: unknown;

  constructor(init: {
    message: string;
    status: number;
    path: string;
    code?: string;
    details?: string;
    hint?: string;
    body?: unknown;
  }) {
    super(init.message);
    this.name = 'RequestError';
    this.status = init.status;
    this.path = init.path;
    this.code = init.code ?? '';
    this.details = init.details ?? '';
    this.hint = init.hint ?? '';
    this.body = init.body ?? null;
  }
}

/** The address of a request without its origin, readable (`/rest/v1/cars?select=id,title`). */
export function requestPath(url: URL | string): string {
  const parsed = typeof url === 'string' ? new URL(url, 'http://origin.invalid') : url;
  const path = `${parsed.pathname}${parsed.search}`;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

interface PostgrestErrorLike {
  message?: string | null;
  code?: string | null;
  details?: string | null;
  hint?: string | null;
}

export interface PostgrestResultLike<T> {
  data: T | null;
  error: PostgrestErrorLike | null;
  status: number;
  statusText?: string;
}

/** The URL a postgrest-js builder will call (kept on the builder, though not in its public types). */
function builderUrl(builder: object): string {
  const url: unknown = Reflect.get(builder, 'url');
  return url instanceof URL || typeof url === 'string' ? requestPath(url) : '';
}

/** What PostgREST answers for `.single()` with no row: the specs call it "Not found". */
const NO_ROW_CODE = 'PGRST116';

/**
 * Runs a supabase-js query and returns its data, or throws a `RequestError` carrying the request
 * address. Use it in query functions so that TanStack Query sees failures as errors.
 *
 *   const cars = await runQuery(supabase.from('cars').select('id, plate_number').eq('depo_id', depoId));
 */
export async function runQuery<T>(builder: PromiseLike<PostgrestResultLike<T>> & object): Promise<T> {
  const path = builderUrl(builder);
  const { data, error, status, statusText } = await builder;
  if (!error) return data as T;
  const notFound = error.code === NO_ROW_CODE && /\b0 rows\b/.test(error.details ?? '');
  throw new RequestError({
    message: notFound ? 'Not found' : error.message || statusText || 'Request failed',
    status,
    path,
    code: error.code ?? '',
    details: error.details ?? '',
    hint: error.hint ?? '',
    body: error,
  });
}

/**
 * Turns the error of `supabase.functions.invoke(name)` into a `RequestError`, reading the
 * function's JSON error body (`{ errors, full_errors }` or `{ error }`) when it sent one.
 */
export async function functionRequestError(name: string, error: unknown): Promise<RequestError> {
  const path = `/functions/v1/${name}`;
  if (error instanceof FunctionsHttpError && error.context instanceof Response) {
    const response = error.context;
    let body: unknown = null;
    try {
      body = await response.clone().json();
    } catch {
      body = null;
    }
    const serverText =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : undefined;
    return new RequestError({
      message: serverText ?? (response.statusText || error.message),
      status: response.status,
      path,
      body,
    });
  }
  return new RequestError({ message: error instanceof Error ? error.message : String(error), status: 0, path });
}
