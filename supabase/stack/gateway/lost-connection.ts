import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { answerCoding, sendCompressed } from './compressed-answer.ts';
import { readUpTo } from './read-up-to.ts';
import { CORS_HEADERS } from './cors.ts';
import { sendJson } from './json-response.ts';
import { log } from '../shared/log.ts';
import { REST_ERROR_MAX_BYTES, restErrorOf } from './rest-error.ts';

// PostgREST 12 answers a request whose database connection died under it (Postgres killed mid-query) with 400 and
// an error without code or message: libpq's own "connection lost" result carries no SQLSTATE, and PostgREST's
// default for an unknown code is 400. Passed on, a client reads a refusal of its input and never tries again.
export const RESTARTING_MESSAGE = 'The REST service is not reachable right now; try again in a moment.';

function isLostConnection(body: Buffer): boolean {
  const error = restErrorOf(body);
  return error?.code === '' && error.message === '';
}

/**
 * Passes a REST answer on, except that error, which becomes the gateway's 503. Only a 400's first bytes wait.
 * Any other answer is compressed on the way when the request accepts it (compressed-answer.ts).
 */
export function passRestAnswer(
  answer: IncomingMessage,
  res: ServerResponse,
  label: () => string,
  request: { method?: string; headers: IncomingHttpHeaders } = { headers: {} },
): void {
  const passOn = (): void => {
    res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...CORS_HEADERS });
  };
  if ((answer.statusCode ?? 502) >= 500) logServerError(answer, label);
  if (answer.statusCode !== 400) {
    const coding = answerCoding(request, answer);
    if (!coding) {
      passOn();
      answer.pipe(res);
      return;
    }
    sendCompressed(answer, res, coding, CORS_HEADERS);
    return;
  }
  readUpTo(answer, REST_ERROR_MAX_BYTES, {
    whole: (body) => {
      if (isLostConnection(body)) {
        log('gateway', `${label()}: PostgREST lost its database connection; answered 503`);
        sendJson(res, 503, { message: RESTARTING_MESSAGE });
        return;
      }
      passOn();
      res.end(body);
    },
    overflow: (early) => {
      passOn();
      for (const chunk of early) res.write(chunk);
      answer.pipe(res);
    },
    error: () => res.destroy(),
  });
}

/** A REST answer of 500 or more is news for whoever reads the stack's log: its status and first bytes. */
function logServerError(answer: IncomingMessage, label: () => string): void {
  answer.once('data', (chunk: Buffer) => {
    log('gateway', `${label()}: PostgREST answered ${answer.statusCode}: ${chunk.subarray(0, 300).toString('utf8')}`);
  });
}
