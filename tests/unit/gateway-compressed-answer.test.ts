import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passRestAnswer } from '../../supabase/stack/gateway/lost-connection.ts';

process.env.STACK_QUIET = '1';

// A fake PostgREST behind the gateway's REST passing: JSON of a stop (10 KB), a small answer, and CSV.
const stop = JSON.stringify({
  uuid: 'x',
  nearby_points: Array.from({ length: 40 }, (_, i) => ({ position: i, address: `Engvej ${i}, Buftea` })),
});
let upstream: http.Server;
let front: http.Server;
let port = 0;

const listen = async (server: http.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** A raw request (no client decompressing behind the test's back): status, headers and the bytes as sent. */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url === '/small')
      return void res.writeHead(200, { 'content-type': 'application/json', 'content-length': '2' }).end('[]');
    // Chunked (no length), as PostgREST sends: a small one, and a long one in pieces.
    if (req.url === '/small-chunked')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":1}]');
    if (req.url === '/long') {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 40; i += 1) res.write(stop);
      return void res.end();
    }
    if (req.url === '/csv') return void res.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n'.repeat(500));
    if (req.url === '/png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096));
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(stop)),
      vary: 'prefer',
    });
    res.end(req.method === 'HEAD' ? undefined : stop);
  });
  const upstreamPort = await listen(upstream);
  front = http.createServer((req, res) => {
    const forward = http.request(
      { host: '127.0.0.1', port: upstreamPort, path: req.url, method: req.method },
      (answer) => passRestAnswer(answer, res, () => 'GET /test', req),
    );
    forward.end();
  });
  port = await listen(front);
});

afterAll(async () => {
  for (const server of [front, upstream]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe("REST answers compressed on the way (as Supabase's API gateway sends them)", () => {
  it('sends JSON brotli to a client that takes br, gzip to one that takes only gzip, the same JSON either way', async () => {
    const br = await get('/stop', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.headers.vary).toBe('prefer, accept-encoding');
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(stop) / 3);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(stop);

    const gzip = await get('/stop', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(stop);
    const csv = await get('/csv', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(csv.body).toString('utf8')).toBe('a,b\n'.repeat(500));
  });

  it('streams a long answer through the compressor, whole', async () => {
    const long = await get('/long', { 'accept-encoding': 'br' });
    expect(long.headers['content-encoding']).toBe('br');
    expect(long.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(long.body).toString('utf8')).toBe(stop.repeat(40));
  });

  it('leaves an answer as it is for a client that takes no coding, a small answer, a HEAD, and what is not text', async () => {
    for (const [path, headers, method] of [
      ['/stop', {}, 'GET'],
      ['/stop', { 'accept-encoding': 'gzip;q=0, br;q=0' }, 'GET'],
      ['/small', { 'accept-encoding': 'br' }, 'GET'],
      ['/small-chunked', { 'accept-encoding': 'br' }, 'GET'],
      ['/stop', { 'accept-encoding': 'br' }, 'HEAD'],
      ['/png', { 'accept-encoding': 'br' }, 'GET'],
    ] as const) {
      const answer = await get(path, headers, method);
      expect(answer.status, `${method} ${path}`).toBe(200);
      expect(answer.headers['content-encoding'], `${method} ${path}`).toBeUndefined();
    }
    const plain = await get('/stop');
    expect(plain.body.toString('utf8')).toBe(stop);
  });
});
