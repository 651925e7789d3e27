import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, MAX_BODY_BYTES } from './body-limit.ts';

// PostgREST 12 answers an RPC naming an unknown function or argument with a "Perhaps you meant" hint whose fuzzy
// match costs time quadratic in the name's length: one anon call with a 4,000-character argument name kept it busy
// for 6 s, 10,000 characters for 30 s and more (found by tests/serial/hostile-input.test.ts). No Postgres name is
// longer than 63 bytes, so such a call can only be refused; the gateway refuses it before PostgREST sees it, with
// PostgREST's own code for an unknown function.

const MAX_NAME_BYTES = 63;

export const OVERLONG_NAME_ANSWER = {
  code: 'PGRST202',
  details: null,
  hint: null,
  message: `Could not find the function: a function or argument name is longer than ${MAX_NAME_BYTES} bytes`,
};

function overlong(name: string): boolean {
  return Buffer.byteLength(name) > MAX_NAME_BYTES;
}

/** `/rpc/<name>?<args>` below /rest/v1: whether its function name or a query-string argument name is too long. */
export function overlongRpcPath(subPath: string): boolean {
  if (!subPath.startsWith('/rpc/')) return false;
  const [pathPart, query = ''] = subPath.split('?', 2) as [string, string?];
  let name: string;
  try {
    name = decodeURIComponent(pathPart.slice('/rpc/'.length));
  } catch {
    return false;
  }
  if (overlong(name)) return true;
  for (const key of new URLSearchParams(query).keys()) if (overlong(key)) return true;
  return false;
}

/** Whether an RPC body names its arguments in a form PostgREST reads: JSON or a form. */
export function namesArgumentsInBody(req: IncomingMessage, subPath: string): boolean {
  if (!subPath.startsWith('/rpc/') || req.method === 'GET' || req.method === 'HEAD') return false;
  const type = (req.headers['content-type'] ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type === 'application/x-www-form-urlencoded' || type === '';
}

/** The body, read whole (at most the gateway's limit: the caller answers 413 on BodyTooLargeError). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Whether a JSON or form body names an argument over the limit (top-level keys, or each object of an array). */
export function overlongArgumentInBody(contentType: string | undefined, body: Buffer): boolean {
  const text = body.toString('utf8');
  if ((contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    for (const key of new URLSearchParams(text).keys()) if (overlong(key)) return true;
    return false;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false; // PostgREST answers malformed JSON itself, cheaply.
  }
  const objects = Array.isArray(value) ? value : [value];
  return objects.some(
    (item) => item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).some(overlong),
  );
}
