import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsService } from '../../../supabase/stack/functions/index.ts';
import type { HttpService } from '../../../supabase/stack/shared/service.ts';
import { chunkedUpload } from '../../support/raw-http.ts';
import { stackInfo } from '../../support/stack-info.ts';

// The functions runtime on its own, over a throwaway project with one function that reads its whole body:
// the limit must hold on the bytes read, since a chunked body has no Content-Length to check up front.
const root = mkdtempSync(path.join(os.tmpdir(), 'functions-body-'));
let service: HttpService;
let server: http.Server;
let base: string;

beforeAll(async () => {
  mkdirSync(path.join(root, 'supabase'), { recursive: true });
  writeFileSync(path.join(root, 'supabase/config.toml'), '[functions.swallow]\nverify_jwt = false\n');
  mkdirSync(path.join(root, 'edge-functions/swallow'), { recursive: true });
  writeFileSync(
    path.join(root, 'edge-functions/swallow/index.ts'),
    'Deno.serve(async (req) => Response.json({ length: (await req.arrayBuffer()).byteLength }));\n',
  );
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
    { log: () => undefined },
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

describe('functions body limit', () => {
  it('passes a chunked body under 1 MB on whole', async () => {
    const result = await chunkedUpload(`${base}/swallow`, {}, 512 * 1024);
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ length: 512 * 1024 });
  });

  it('refuses a chunked body over 1 MB with a 413 once the bytes read pass the limit, without reading the rest', async () => {
    const result = await chunkedUpload(`${base}/swallow`, {}, 300 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: 'Request body is larger than the 1 MB limit' });
    // Near the limit plus socket buffers: neither the runtime nor the function can have held the 300 MB.
    expect(result.bytesSent).toBeLessThan(32 * 1024 * 1024);
    // The function is still there for the next caller.
    expect((await chunkedUpload(`${base}/swallow`, {}, 1024)).status).toBe(200);
  });
});
