import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './respond.ts';

/** An error GoTrue answers with: an HTTP status, an `error_code` (may be empty) and a message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields of the body, e.g. `weak_password`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The OAuth2 error shape `{error, error_description}` that a few token-endpoint checks use. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);
export const internalError = (message: string) => new AuthError(500, '', message);

export class WeakPasswordError extends AuthError {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(422, 'weak_password', message, { weak_password: { reasons } });
  }
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/**
 * The API version a request asked for: auth-js sends `X-Supabase-Api-Version: 2024-01-01`, and from that
 * date on errors use the `{code, message}` shape. A missing or unparsable header means the initial version.
 */
export function requestedApiVersion(req: IncomingMessage): '2024-01-01' | 'initial' {
  const raw = req.headers['x-supabase-api-version'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'initial';
  const date = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(date)) return 'initial';
  return date >= Date.parse(`${API_VERSION_2024}T00:00:00Z`) ? API_VERSION_2024 : 'initial';
}

/** Writes an error in the shape the request's API version expects, as GoTrue's HandleResponseError does. */
export function sendError(req: IncomingMessage, res: ServerResponse, error: AuthError | OAuthError): void {
  if (error instanceof OAuthError) {
    sendJson(res, 400, { error: error.error, error_description: error.description });
    return;
  }
  const version = requestedApiVersion(req);
  const code = error.code || (error.status === 500 ? 'unexpected_failure' : 'unknown');
  const headers: Record<string, string> = {};
  if (error.code) headers['x-sb-error-code'] = error.code;
  if (version === API_VERSION_2024) {
    headers[API_VERSION_HEADER] = API_VERSION_2024;
    sendJson(res, error.status, { code, message: error.message, ...error.extra }, headers);
  } else {
    sendJson(res, error.status, { code: error.status, error_code: code, msg: error.message, ...error.extra }, headers);
  }
}
