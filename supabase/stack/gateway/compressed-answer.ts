import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { acceptsEncoding } from './compressed-file.ts';

/** Below this an answer fits in a packet or two either way (a known length only: PostgREST streams the rest). */
const MIN_BYTES = 1024;
const COMPRESSIBLE_TYPE = /^(application\/([\w.+-]*\+)?json|application\/vnd\.pgrst\.[\w.+-]*|text\/csv)\b/i;

export type AnswerCoding = 'br' | 'gzip';

/**
 * How to compress an upstream answer for this request, as Supabase's API gateway does: JSON and CSV of a known
 * 1 KB or more (or of unknown length), not already encoded, to a client that accepts br or gzip. A tracking
 * page's stop (10 KB of JSON) is 2.5 KB gzip: on a phone's slow network that is time before the map engine.
 */
export function answerCoding(request: { method?: string; headers: IncomingHttpHeaders }, answer: IncomingMessage): AnswerCoding | null {
  const status = answer.statusCode ?? 0;
  if (request.method === 'HEAD' || status < 200 || status === 204 || status === 304) return null;
  if (answer.headers['content-encoding'] !== undefined) return null;
  if (!COMPRESSIBLE_TYPE.test(answer.headers['content-type'] ?? '')) return null;
  const length = answer.headers['content-length'];
  if (length !== undefined && Number(length) < MIN_BYTES) return null;
  const accepted = request.headers['accept-encoding'];
  if (acceptsEncoding(accepted, 'br')) return 'br';
  if (acceptsEncoding(accepted, 'gzip')) return 'gzip';
  return null;
}

/** The answer's headers once compressed: no length (it streams), its coding, and Vary naming Accept-Encoding. */
export function compressedHeaders(headers: IncomingHttpHeaders, coding: AnswerCoding): OutgoingHttpHeaders {
  const { 'content-length': _length, vary, ...rest } = headers;
  const varies = [vary, 'accept-encoding'].filter(Boolean).join(', ');
  return { ...rest, 'content-encoding': coding, vary: varies };
}

/** A fast setting of each coding: the gateway compresses every answer as it streams, not once at build time. */
export function answerEncoder(coding: AnswerCoding): BrotliCompress | Gzip {
  return coding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6 });
}
