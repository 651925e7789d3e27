import type { IncomingMessage } from 'node:http';
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

/** How much of a refused body is still read and thrown away before the connection is cut. */
export const DRAIN_AFTER_REFUSAL_BYTES = 4 * 1024 * 1024;

/**
 * After a body is refused, the rest of it is read and thrown away, up to a few MB, and the connection is
 * only cut past that. Closing a socket that still has unread bytes makes the kernel reset the connection,
 * and a client still sending then sees EPIPE instead of the 413 it was sent; a client that reads the answer
 * stops sending, so the cap is only reached by one that ignores it. A 300 MB upload still costs at most
 * the limit plus the drain.
 */
export function dropRestOfBody(req: IncomingMessage): void {
  req.unpipe();
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_AFTER_REFUSAL_BYTES) req.socket.destroy();
  });
  req.resume();
}
