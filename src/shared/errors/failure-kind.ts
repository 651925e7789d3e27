/**
 * What went wrong, in the words staff read: a failure is sorted by its status and Postgres/PostgREST code,
 * never shown as the server's raw text (constraint names, SQL, API addresses).
 */
export type FailureKind = 'network' | 'permission' | 'not_found' | 'invalid' | 'server' | 'unknown';

export const failureSentences = {
  network: 'The server could not be reached. Check the connection and try again.',
  permission: "You don't have permission to do that.",
  not_found: 'Not found',
  invalid: 'The request is invalid.',
  server: 'Something went wrong on the server. Please try again.',
  unknown: 'Something went wrong. Please try again.',
} as const satisfies Record<FailureKind, string>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The code, status and message of any failure shape (RequestError, PostgREST error, fetch TypeError). */
export function failureFacts(failure: unknown): { code: string; status: number; message: string } {
  if (!isRecord(failure)) return { code: '', status: -1, message: text(failure) };
  const body = isRecord(failure.body) ? failure.body : {};
  return {
    code: text(failure.code) || text(body.code),
    status: typeof failure.status === 'number' ? failure.status : -1,
    message: text(failure.message),
  };
}

const NETWORK_TEXT = /failed to fetch|networkerror|load failed|network request failed|fetch failed/i;

/** Postgres's own wording of a failed statement: names relations, columns, constraints or SQL. */
const RAW_DATABASE_TEXT =
  /\b(violates|constraint|relation|column|syntax|permission denied|function|operator|null value)\b|"/i;

/**
 * A sentence raised on purpose for people: `raise exception` (P0001), or a trigger raising a constraint
 * code (23xxx) with its own words rather than Postgres's.
 */
export function isIntendedSentence(code: string, message: string): boolean {
  if (message === '' || RAW_DATABASE_TEXT.test(message)) return false;
  return code === 'P0001' || code.startsWith('23');
}

export function failureKind(failure: unknown): FailureKind {
  const { code, status, message } = failureFacts(failure);
  if (status === 0 || NETWORK_TEXT.test(message) || (isRecord(failure) && failure.name === 'FunctionsFetchError'))
    return 'network';
  if (
    code === '42501' ||
    code === 'PGRST301' ||
    /row-level security/i.test(message) ||
    status === 401 ||
    status === 403
  )
    return 'permission';
  if (code === 'PGRST116' || code === 'PGRST205' || status === 404 || message === 'Not found') return 'not_found';
  if (code.startsWith('22') || code.startsWith('23') || code.startsWith('PGRST1') || status === 400 || status === 422)
    return 'invalid';
  if (status >= 500) return 'server';
  return 'unknown';
}
