import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveStaticApp } from '../../supabase/stack/gateway/static-app.ts';
import { headersFile, pageHeaders } from '../../tools/csp/policy.ts';

// The gateway sends the build's security headers (dist/headers.json, tools/csp) with every page it serves.

let dist: string;
let server: Server;
let base: string;

beforeEach(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'page-headers-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(dist, 'tracking.html'), '<!doctype html><title>tracking</title>');
  writeFileSync(
    path.join(dist, 'pages.json'),
    JSON.stringify({ pages: [{ path: '^/dk/[0-9a-f-]{36}/?$', flags: 'i', file: 'tracking.html' }] }),
  );
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  server = createServer((req, res) => serveStaticApp(dist, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

const built = (inlineScripts: string[]) => {
  const headers = pageHeaders({ inlineScripts });
  writeFileSync(path.join(dist, 'headers.json'), JSON.stringify(headers));
  writeFileSync(path.join(dist, '_headers'), headersFile(headers));
  return headers;
};

describe('the gateway serving dist/', () => {
  it('sends the policy, nosniff and the referrer policy with every HTML answer, compressed or not', async () => {
    const headers = built(['early()']);
    for (const address of ['/', '/dk', '/hjem-is/cars', '/index.html', '/dk/f99ec215-3d24-448a-852e-32c0b0830c8e']) {
      for (const encoding of ['identity', 'gzip']) {
        const response = await fetch(`${base}${address}`, { headers: { 'accept-encoding': encoding } });
        expect(response.status, address).toBe(200);
        expect(response.headers.get('content-security-policy'), address).toBe(headers['Content-Security-Policy']);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      }
    }
  });

  it('sends a rebuilt policy at once', async () => {
    built(['one()']);
    await fetch(`${base}/`);
    const next = built(['two()', 'three()']);
    const response = await fetch(`${base}/`);
    expect(response.headers.get('content-security-policy')).toBe(next['Content-Security-Policy']);
  });

  it('sends nosniff with scripts, and no page policy on them', async () => {
    built(['early()']);
    const response = await fetch(`${base}/assets/app.js`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
