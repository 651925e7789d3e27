import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passRestAnswer } from '../../supabase/stack/gateway/lost-connection.ts';

// The gateway's log lines are for a stack's output, not a unit run's.
process.env.STACK_QUIET = '1';

// PostgREST 12 answers a query whose connection died with Postgres as 400 {"code":"","message":""}; the gateway
// passes every REST answer on except that one, which a client must read as "restarting" (503).
let upstream: http.Server;
let front: http.Server;
let frontUrl = '';

const listen = async (server: http.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const [status, body] =
      req.url === '/lost'
        ? [400, '{"code":"","details":null,"hint":null,"message":""}']
        : req.url === '/refused'
          ? [
              400,
              '{"code":"22P02","details":null,"hint":null,"message":"invalid input syntax for type double precision: \\"x\\""}',
            ]
          : req.url === '/long'
            ? [400, JSON.stringify({ code: '', message: '', details: 'x'.repeat(5_000) })]
            : [200, '[]'];
    // Chunked, as PostgREST sends its errors.
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.write(body.slice(0, 10));
    res.end(body.slice(10));
  });
  const upstreamPort = await listen(upstream);
  front = http.createServer((req, res) => {
    http.get({ host: '127.0.0.1', port: upstreamPort, path: req.url }, (answer) =>
      passRestAnswer(answer, res, () => 'GET /test'),
    );
  });
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
});

afterAll(async () => {
  for (const server of [front, upstream]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe('REST answers through the gateway', () => {
  it('turns the lost-connection 400 into 503 with the gateway sentence', async () => {
    const response = await fetch(`${frontUrl}/lost`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'The REST service is not reachable right now; try again in a moment.',
    });
  });

  it('passes a real refusal, a long 400 and a success on unchanged', async () => {
    const refused = await fetch(`${frontUrl}/refused`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: '22P02' });
    const long = await fetch(`${frontUrl}/long`);
    expect(long.status).toBe(400);
    expect((await long.text()).length).toBeGreaterThan(5_000);
    const ok = await fetch(`${frontUrl}/ok`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual([]);
  });
});
