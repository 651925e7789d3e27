import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';

/** The largest request body the gateway passes on. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What callers see when a body is over the limit, however it was sent. */
export const TOO_LARGE_MESSAGE = `Request body is larger than the ${MAX_BODY_BYTES / 1024 / 1024} MB limit`;

/** A declared length over the limit is refused before reading a byte of it. */
export function declaredTooLarge(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > MAX_BODY_BYTES;
}

export class BodyTooLargeError extends Error {
  constructor() {
    super(TOO_LARGE_MESSAGE);
  }
}

/**
 * Passes a body through while counting the bytes actually read, and fails with BodyTooLargeError once
 * they pass the limit: a chunked body has no Content-Length to check up front.
 */
export function byteLimit(maxBytes: number = MAX_BODY_BYTES): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new BodyTooLargeError());
      else callback(null, chunk);
    },
  });
}

/**
 * After a body is refused, the rest of it is never read: the request stops flowing (TCP holds the sender
 * back) and the answer asks to close the connection, which Node does once the answer is out. So a 300 MB
 * upload costs nothing beyond the limit.
 */
export function dropRestOfBody(req: IncomingMessage, res: ServerResponse): void {
  req.unpipe();
  req.pause();
  if (!res.headersSent) res.setHeader('connection', 'close');
}
