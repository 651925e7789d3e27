import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsService } from '../../../supabase/stack/functions/index.ts';
import type { HttpService } from '../../../supabase/stack/shared/service.ts';
import { stackInfo } from '../../support/stack-info.ts';

// The runtime on its own, over a throwaway project folder (config.toml, edge-functions/, .env),
// with a 10 s timeout instead of the gateway's 150 s: the timeout also bounds a worker's start, and a cold Deno
// start took over 3 s on a 2-core machine shared by parallel test runs (the functions then answered 504).
const root = mkdtempSync(path.join(os.tmpdir(), 'functions-runtime-'));
const lines: string[] = [];
let service: HttpService;
let server: http.Server;
let base: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** Deno processes serving this test's functions, found by their command line. */
function denoProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(root)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

beforeAll(async () => {
  write(
    'supabase/config.toml',
    `
[functions.open]
verify_jwt = false

[functions.off]
enabled = false

[functions.custom]
verify_jwt = false
entrypoint = "../elsewhere/custom.ts"
`,
  );
  write(
    'edge-functions/.env',
    `# read by the runtime, like the CLI's functions/.env
GREETING="hello world" # a comment
export PLAIN=plain value
SUPABASE_URL=http://must-not-win
`,
  );
  write(
    'edge-functions/slowpoke/index.ts',
    `
console.log('booting');
Deno.serve(async (req) => {
  if (new URL(req.url).pathname.endsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 60_000));
  console.error('handled ' + req.method);
  return new Response('done');
});
`,
  );
  write(
    'edge-functions/open/index.ts',
    `
// The (options, handler) form; the port asked for is not the one used.
Deno.serve({ port: 9 }, () => Response.json({
  greeting: Deno.env.get('GREETING'),
  plain: Deno.env.get('PLAIN'),
  url: Deno.env.get('SUPABASE_URL'),
  waitUntil: typeof EdgeRuntime.waitUntil,
}));
`,
  );
  write('edge-functions/off/index.ts', `Deno.serve(() => new Response('should not run'));`);
  write('elsewhere/custom.ts', `Deno.serve({ handler: () => new Response('custom entrypoint') });`);
  write('edge-functions/broken/index.ts', `Deno.serve(( => {`);
  write('edge-functions/_shared/util.ts', `export const x = 1;`);

  const info = stackInfo();
  service = await createFunctionsService(
    {
      rootDir: root,
      apiUrl: info.apiUrl,
      anonKey: info.anonKey,
      serviceRoleKey: info.serviceRoleKey,
      dbUrl: info.dbUrl,
      jwtSecret: info.jwtSecret,
    },
    { timeoutMs: 10_000, log: (fn, stream, line) => lines.push(`${fn} ${stream} ${line}`) },
  );
  server = http.createServer((req, res) => void service.handle(req, res, req.url ?? '/'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await service?.close();
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

const withKey = () => ({ authorization: `Bearer ${stackInfo().anonKey}` });

describe('functions runtime', () => {
  it('answers 504 when a function takes longer than the timeout', async () => {
    expect(await (await fetch(`${base}/slowpoke`, { headers: withKey() })).text()).toBe('done');
    const started = Date.now();
    const response = await fetch(`${base}/slowpoke/slow`, { headers: withKey() });
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ message: 'The upstream server is timing out' });
    // Answered at the timeout, long before the function would have finished (60 s).
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it("records the function's output lines under its name", () => {
    expect(lines).toContain('slowpoke stdout booting');
    expect(lines).toContain('slowpoke stderr handled GET');
  });

  it('requires a valid JWT for a function without a config entry, but not on OPTIONS', async () => {
    const refused = await fetch(`${base}/slowpoke`, { headers: { authorization: 'Bearer nope' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toEqual({ msg: 'Invalid JWT' });
    const missing = await fetch(`${base}/slowpoke`);
    expect(missing.status).toBe(401);
    expect((await fetch(`${base}/slowpoke`, { method: 'OPTIONS' })).status).toBe(200);
  });

  it('follows config.toml: verify_jwt = false, enabled = false, a custom entrypoint', async () => {
    const open = await fetch(`${base}/open`, { headers: { authorization: 'Bearer nope' } });
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({
      greeting: 'hello world',
      plain: 'plain value',
      url: stackInfo().apiUrl,
      waitUntil: 'function',
    });
    expect((await fetch(`${base}/off`)).status).toBe(404);
    expect(await (await fetch(`${base}/custom`)).text()).toBe('custom entrypoint');
    expect((await fetch(`${base}/_shared`, { headers: withKey() })).status).toBe(404);
  });

  it('answers 503 BOOT_ERROR for a function that does not load', async () => {
    const response = await fetch(`${base}/broken`, { headers: withKey() });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
  });

  it('leaves no Deno process behind when closed', async () => {
    expect(denoProcesses().length).toBeGreaterThan(0);
    await service.close();
    expect(denoProcesses()).toEqual([]);
  });
});
