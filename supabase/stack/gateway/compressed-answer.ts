import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';
import { acceptsEncoding } from './compressed-file.ts';
import { readUpTo } from './read-up-to.ts';

/** Below this an answer fits in a packet or two either way: it goes as it is. */
const MIN_BYTES = 1024;
/** Answers up to this size are read whole and compressed at once (most are); longer ones stream through. */
const WHOLE_BYTES = 64 * 1024;
const COMPRESSIBLE_TYPE = /^(application\/([\w.+-]*\+)?json|application\/vnd\.pgrst\.[\w.+-]*|text\/csv)\b/i;

export type AnswerCoding = 'br' | 'gzip';

/**
 * How to compress an upstream answer for this request, as Supabase's API gateway does: JSON and CSV of a known
 * 1 KB or more (or of unknown length), not already encoded, to a client that accepts br or gzip. A tracking
 * page's stop (10 KB of JSON) is 2.5 KB gzip: on a phone's slow network that is time before the map engine.
 */
export function answerCoding(
  request: { method?: string; headers: IncomingHttpHeaders },
  answer: IncomingMessage,
): AnswerCoding | null {
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

/** The answer's headers once compressed: its coding, Vary naming Accept-Encoding, and the length when known. */
function compressedHeaders(headers: IncomingHttpHeaders, coding: AnswerCoding, length?: number): OutgoingHttpHeaders {
  const { 'content-length': _length, 'transfer-encoding': _chunked, vary, ...rest } = headers;
  const varies = [vary, 'accept-encoding'].filter(Boolean).join(', ');
  return {
    ...rest,
    'content-encoding': coding,
    vary: varies,
    ...(length === undefined ? {} : { 'content-length': length }),
  };
}

// A fast setting of each coding: the gateway compresses every answer, not once at build time.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 } };
const GZIP = { level: 6 };

function encoder(coding: AnswerCoding): BrotliCompress | Gzip {
  return coding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP);
}

/**
 * Sends the answer compressed. One that ends within 64 KB (nearly all) is read whole and compressed at once, sent
 * with its length, or as it is when under 1 KB: a compressing stream per answer costs a small one more than it
 * saves (thread-pool hops: +3 ms at p95 for a 3 KB answer). A longer one streams through the compressor.
 */
export function sendCompressed(
  answer: IncomingMessage,
  res: ServerResponse,
  coding: AnswerCoding,
  extra: OutgoingHttpHeaders,
): void {
  const status = answer.statusCode ?? 502;
  readUpTo(answer, WHOLE_BYTES, {
    whole: (body) => {
      if (body.length < MIN_BYTES) {
        const { 'transfer-encoding': _chunked, ...headers } = answer.headers;
        res.writeHead(status, { ...headers, 'content-length': body.length, ...extra });
        res.end(body);
        return;
      }
      const packed = coding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
      res.writeHead(status, { ...compressedHeaders(answer.headers, coding, packed.length), ...extra });
      res.end(packed);
    },
    overflow: (early) => {
      res.writeHead(status, { ...compressedHeaders(answer.headers, coding), ...extra });
      const stream = encoder(coding);
      for (const chunk of early) stream.write(chunk);
      // A failure on either side ends the answer (the client sees it cut, as without compression).
      pipeline(answer, stream, res, () => undefined);
    },
    error: () => res.destroy(),
  });
}
