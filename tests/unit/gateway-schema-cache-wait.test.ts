import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxyHttp } from '../../supabase/stack/gateway/proxy.ts';

// The gateway's log lines are for a stack's output, not a unit run's.
process.env.STACK_QUIET = '1';

// PostgREST 12 answers 503 PGRST002 while its schema cache is gone (a reload's query failed); such a request never
// ran. The gateway holds a request it can send again until PostgREST's /ready says yes, and sends it once more.
const NO_SCHEMA_CACHE =
  '{"code":"PGRST002","details":null,"hint":null,"message":"Could not query the database for the schema cache. Retrying."}';
const NO_CONNECTION =
  '{"code":"PGRST000","details":"connection refused","hint":null,"message":"Database connection error. Retrying the connection."}';

let api: http.Server;
let admin: http.Server;
let front: http.Server;
let frontUrl = '';
let missesLeft = 0;
let ready = true;
let received: Array<{ method: string; url: string; body: string }> = [];

const listen = async (server: http.Server, port = 0): Promise<number> => {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      const [status, answer] = req.url?.startsWith('/down')
        ? [503, NO_CONNECTION]
        : missesLeft > 0
          ? [503, NO_SCHEMA_CACHE]
          : [200, JSON.stringify({ echoed: body })];
      if (status === 503 && answer === NO_SCHEMA_CACHE) {
        missesLeft -= 1;
        // The cache comes back a moment later, as PostgREST's retry loads it.
        setTimeout(() => (ready = true), 150);
      }
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(answer);
    });
  });
  admin = http.createServer((req, res) => {
    res.writeHead(req.url === '/ready' && ready ? 200 : 503);
    res.end();
  });
  // PostgREST's admin server is on the port after its API.
  let apiPort = 0;
  for (let attempt = 0; attempt < 20 && apiPort === 0; attempt += 1) {
    const port = await listen(api);
    try {
      await listen(admin, port + 1);
      apiPort = port;
    } catch {
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  }
  front = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (req.method === 'POST' && url.startsWith('/rpc/')) {
      // The gateway holds an RPC's body (it reads it to check it).
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => proxyHttp(req, res, apiPort, url, Buffer.concat(chunks)));
    } else {
      proxyHttp(req, res, apiPort, url);
    }
  });
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
});

beforeEach(() => {
  received = [];
  missesLeft = 0;
  ready = true;
});

afterAll(async () => {
  for (const server of [front, api, admin]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe('REST while PostgREST has no schema cache', () => {
  it('sends a held RPC again once PostgREST is ready, with the same body, and answers its result', async () => {
    missesLeft = 1;
    ready = false;
    const response = await fetch(`${frontUrl}/rpc/sign_in_failure_notice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@x.test"}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ echoed: '{"email":"a@x.test"}' });
    expect(received.map((request) => request.body)).toEqual(['{"email":"a@x.test"}', '{"email":"a@x.test"}']);
  });

  it('sends a read again too', async () => {
    missesLeft = 1;
    ready = false;
    const response = await fetch(`${frontUrl}/stops?select=id`);
    expect(response.status).toBe(200);
    expect(received).toHaveLength(2);
  });

  it('passes any other 503 on at once, and a streamed write that met no schema cache too (it cannot be sent again)', async () => {
    const down = await fetch(`${frontUrl}/down`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'PGRST000' });
    expect(received).toHaveLength(1);

    received = [];
    missesLeft = 1;
    const write = await fetch(`${frontUrl}/stops`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":1}',
    });
    expect(write.status).toBe(503);
    expect(await write.json()).toMatchObject({ code: 'PGRST002' });
    expect(received).toHaveLength(1);
  });
});
