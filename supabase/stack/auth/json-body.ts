import type { IncomingMessage } from 'node:http';
import { AuthError, badRequest } from './errors.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export type JsonObject = Record<string, unknown>;

/** Reads the whole request body, refusing more than 1 MB (GoTrue's limit) without buffering the rest. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const tooLarge = () =>
      new AuthError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY_BYTES} bytes)`);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      req.resume();
      reject(tooLarge());
      return;
    }
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

/**
 * The body as a JSON object. Like GoTrue (Go's json.Unmarshal into a struct), an empty body, broken JSON or
 * a non-object is a 400 `bad_json`; `optional` turns an empty body into `{}` (DELETE with no body).
 */
export async function readJsonObject(req: IncomingMessage, options: { optional?: boolean } = {}): Promise<JsonObject> {
  const raw = (await readBody(req)).toString('utf8');
  if (raw.trim() === '') {
    if (options.optional) return {};
    throw badRequest('bad_json', 'Could not parse request body as JSON: unexpected end of JSON input');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    const kind = Array.isArray(parsed) ? 'array' : typeof parsed;
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${kind} into Go value of type object`,
    );
  }
  if (containsNul(parsed)) throw nulError();
  return parsed as JsonObject;
}

/** Postgres text cannot hold U+0000, so a NUL anywhere in a request would fail in the database as a 500. */
export function nulError(): AuthError {
  return badRequest('validation_failed', 'Invalid request: text must not contain NUL characters');
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

function typeError(field: string, expected: string, value: unknown): AuthError {
  const given = Array.isArray(value) ? 'array' : typeof value;
  return badRequest(
    'bad_json',
    `Could not parse request body as JSON: json: cannot unmarshal ${given} into Go struct field .${field} of type ${expected}`,
  );
}

/** A string field; absent or null reads as undefined, any other type is a bad_json error. */
export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw typeError(field, 'string', value);
  return value;
}

/** A string field where absent means empty, as Go's zero value. */
export function stringField(body: JsonObject, field: string): string {
  return optionalString(body, field) ?? '';
}

export function booleanField(body: JsonObject, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw typeError(field, 'bool', value);
  return value;
}

/** An object field (metadata); absent or null reads as undefined. */
export function optionalObject(body: JsonObject, field: string): JsonObject | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw typeError(field, 'map[string]interface {}', value);
  return value as JsonObject;
}
