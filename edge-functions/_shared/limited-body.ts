// A request body read up to a byte limit: the bytes actually read count (a chunked body has no Content-Length), and
// reading stops at the limit, so an oversized body costs no more memory than the limit.
import { failure } from './http.ts';

export type LimitedBody = { ok: true; bytes: Uint8Array } | { ok: false; response: Response };

// A refused body is still read and dropped up to this much: answering and closing a connection that has unread
// bytes makes the kernel reset it, and the client then sees a reset instead of the 413.
const DRAIN_AFTER_REFUSAL_BYTES = 4 * 1024 * 1024;

async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let dropped = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    dropped += value.byteLength;
    if (dropped > DRAIN_AFTER_REFUSAL_BYTES) {
      await reader.cancel();
      return;
    }
  }
}

export async function readBodyWithin(req: Request, maxBytes: number): Promise<LimitedBody> {
  const tooLarge = (): LimitedBody => ({ ok: false, response: failure(413, 'The request body is too large') });
  const declared = Number(req.headers.get('Content-Length') ?? '0');
  if (declared > maxBytes) {
    if (req.body) await dropRest(req.body.getReader());
    return tooLarge();
  }
  if (!req.body) return { ok: true, bytes: new Uint8Array() };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await dropRest(reader);
      return tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes };
}
