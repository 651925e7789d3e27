import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { CORS_HEADERS } from './cors.ts';
import { sendJson } from './json-response.ts';
import { MAX_BODY_BYTES } from './body-limit.ts';

// Kept-alive connections to PostgREST: a new TCP connection per request would dominate the REST overhead.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Streams a request to an upstream on loopback and its answer back, adding the gateway's CORS headers. */
export function proxyHttp(req: IncomingMessage, res: ServerResponse, port: number, path: string): void {
  const headers = { ...req.headers, host: `127.0.0.1:${port}` };
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path, headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...CORS_HEADERS });
    answer.pipe(res);
  });
  upstream.on('error', () => {
    sendJson(res, 503, { message: 'The REST service is not reachable right now; try again in a moment.' });
  });
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_BODY_BYTES) {
      upstream.destroy();
      sendJson(res, 413, { message: `Request body is larger than the ${MAX_BODY_BYTES / 1024 / 1024} MB limit` });
      req.destroy();
      return;
    }
    upstream.write(chunk);
  });
  req.on('end', () => upstream.end());
}
