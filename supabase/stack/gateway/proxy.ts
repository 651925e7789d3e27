import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { sendJson } from './json-response.ts';
import { byteLimit, dropRestOfBody, TOO_LARGE_MESSAGE } from './body-limit.ts';
import { passRestAnswer, RESTARTING_MESSAGE } from './lost-connection.ts';
import { log } from '../shared/log.ts';

// Kept-alive connections to PostgREST: a new TCP connection per request would dominate the REST overhead.
// An idle one is closed by the gateway after 5 s (`timeout` applies to free sockets), before PostgREST's server
// (Warp, 30 s by default) closes it on its own timer: reusing a socket the upstream is closing at that moment
// fails the request with ECONNRESET, which callers saw as a rare 503 mid-test.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 5_000 });

/**
 * Streams a request to an upstream on loopback and its answer back, adding the gateway's CORS headers. `body` is
 * a body the gateway already read (to check it), sent as is with its length.
 */
export function proxyHttp(req: IncomingMessage, res: ServerResponse, port: number, path: string, body?: Buffer): void {
  const headers = { ...req.headers, host: `127.0.0.1:${port}` };
  if (body) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
  }
  const label = `${req.method} ${path.split('?')[0]}`;
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path, headers, agent }, (answer) => {
    passRestAnswer(answer, res, label);
  });
  // Once a body is refused, the upstream's own failure (we cut it) is not news for the caller.
  let refused = false;
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (refused) return;
    log('gateway', `${label}: PostgREST not reached (${error.code ?? error.message}); answered 503`);
    sendJson(res, 503, { message: RESTARTING_MESSAGE });
  });
  if (body) {
    upstream.end(body);
    return;
  }
  // Without chunked encoding the body is no longer than its declared length (Node's parser stops there), which
  // the gateway already held to the limit: it streams straight through, no counting stage on the hot path.
  if (req.headers['transfer-encoding'] === undefined) {
    req.pipe(upstream);
    return;
  }
  const limit = byteLimit();
  limit.on('error', () => {
    refused = true;
    upstream.destroy();
    dropRestOfBody(req);
    sendJson(res, 413, { message: TOO_LARGE_MESSAGE });
  });
  req.pipe(limit).pipe(upstream);
}
