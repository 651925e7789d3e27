import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyHttp } from '../../supabase/stack/gateway/proxy.ts';

process.env.STACK_QUIET = '1';

// An upstream that closes a kept-alive socket at the moment the gateway reuses it resets a request it never read:
// the caller must get PostgREST's answer, not a 503, and the upstream must run the request exactly once.
let api: http.Server;
let front: http.Server;
let frontUrl = '';
let resetNextReuse = false;
const ran: string[] = [];

const listen = async (server: http.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  const served = new WeakSet<object>();
  api = http.createServer((req, res) => {
    // A socket that already served a request, reused while the upstream closes it: reset before reading.
    if (resetNextReuse && served.has(req.socket)) {
      resetNextReuse = false;
      req.socket.resetAndDestroy();
      return;
    }
    served.add(req.socket);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      ran.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: body }));
    });
  });
  const apiPort = await listen(api);
  front = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => proxyHttp(req, res, apiPort, req.url ?? '/', Buffer.concat(chunks)));
  });
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => front.close(() => resolve()));
  api.closeAllConnections();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

const post = async (body: string) => {
  const answer = await fetch(`${frontUrl}/rpc/ingest`, { method: 'POST', body });
  return { status: answer.status, body: await answer.text() };
};

describe('the gateway meets a reset on a reused upstream socket', () => {
  it('sends the held request once more and passes the answer', async () => {
    expect(await post('first')).toEqual({ status: 200, body: '{"echoed":"first"}' });
    resetNextReuse = true;
    expect(await post('second')).toEqual({ status: 200, body: '{"echoed":"second"}' });
    expect(resetNextReuse).toBe(false); // the reset did happen
    expect(ran).toEqual(['first', 'second']);
  });
});
