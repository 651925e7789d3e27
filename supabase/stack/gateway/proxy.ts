import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { sendJson } from './json-response.ts';
import { byteLimit, dropRestOfBody, TOO_LARGE_MESSAGE } from './body-limit.ts';
import { passRestAnswer, RESTARTING_MESSAGE } from './lost-connection.ts';
import { log } from '../shared/log.ts';
import { CORS_HEADERS } from './cors.ts';
import { postgrestAdminPort } from '../postgrest/admin-port.ts';
import { readSchemaCacheMiss, SCHEMA_CACHE_WAIT_MS, waitUntilReady } from './schema-cache-wait.ts';

// Kept-alive connections to PostgREST: a new TCP connection per request would dominate the REST overhead.
// An idle one is closed by the gateway after 5 s (`timeout` applies to free sockets), before PostgREST's server
// (Warp, 30 s by default) closes it on its own timer: reusing a socket the upstream is closing at that moment
// fails the request with ECONNRESET, which callers saw as a rare 503 mid-test.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 5_000 });

/**
 * Streams a request to PostgREST on loopback and its answer back, adding the gateway's CORS headers. `body` is
 * a body the gateway already read (to check it), sent as is with its length. A request the gateway can send again
 * (its body held, or none) that meets PostgREST without a schema cache waits for it (schema-cache-wait.ts).
 */
export function proxyHttp(req: IncomingMessage, res: ServerResponse, port: number, path: string, body?: Buffer): void {
  const headers = { ...req.headers, host: `127.0.0.1:${port}` };
  if (body) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
  }
  // Named only when something is logged: the path without its query (which may carry values).
  const label = () => `${req.method} ${path.split('?')[0]}`;
  const bodiless =
    body === undefined &&
    req.headers['transfer-encoding'] === undefined &&
    Number(req.headers['content-length'] ?? 0) === 0;
  const deadline = Date.now() + SCHEMA_CACHE_WAIT_MS;
  // Once a body is refused, the upstream's own failure (we cut it) is not news for the caller.
  let refused = false;

  const send = (resent = false): http.ClientRequest => {
    let answered = false;
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path, headers, agent }, (answer) => {
      answered = true;
      if (answer.statusCode === 503 && (body !== undefined || bodiless)) void sendAgainOrPass(answer);
      else passRestAnswer(answer, res, label, req);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (refused) return;
      // A kept-alive socket the upstream closed just as we reused it: the request never reached PostgREST, so a
      // held request goes once more on another socket (Node's documented `reusedSocket` retry).
      const held = body !== undefined || bodiless;
      if (!resent && !answered && upstream.reusedSocket && error.code === 'ECONNRESET' && held) {
        send(true).end(body);
        return;
      }
      log('gateway', `${label()}: PostgREST not reached (${error.code ?? error.message}); answered 503`);
      sendJson(res, 503, { message: RESTARTING_MESSAGE });
    });
    return upstream;
  };

  const sendAgainOrPass = async (answer: IncomingMessage): Promise<void> => {
    const held = await readSchemaCacheMiss(answer);
    if (held.missed && !res.destroyed && (await waitUntilReady(postgrestAdminPort(port), deadline)) && !res.destroyed) {
      log('gateway', `${label()}: PostgREST had no schema cache (PGRST002); sent again once it was ready`);
      send().end(body);
      return;
    }
    log('gateway', `${label()}: PostgREST answered 503: ${held.body.subarray(0, 300).toString('utf8')}`);
    res.writeHead(503, { ...answer.headers, ...CORS_HEADERS });
    res.end(held.body);
  };

  const upstream = send();
  if (body || bodiless) {
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
