import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const name = `zz-test-reload-${Math.random().toString(36).slice(2, 10)}`;
const folder = path.join(ROOT, 'edge-functions', name);

// A throwaway function that reports what it sees; `/crash` kills its process, `/stream` streams.
function source(version: string): string {
  return `
Deno.serve(async (req) => {
  const url = new URL(req.url);
  if (url.pathname.endsWith('/crash')) Deno.exit(3);
  if (url.pathname.endsWith('/stream')) {
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('first;'));
        await new Promise((resolve) => setTimeout(resolve, 700));
        controller.enqueue(new TextEncoder().encode('second'));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/plain' } });
  }
  return Response.json({
    version: ${JSON.stringify(version)},
    method: req.method,
    path: url.pathname,
    search: url.search,
    body: await req.text(),
    env: {
      url: Deno.env.get('SUPABASE_URL'),
      anonKey: Deno.env.get('SUPABASE_ANON_KEY'),
      hasServiceRoleKey: Boolean(Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')),
      hasDbUrl: Boolean(Deno.env.get('SUPABASE_DB_URL')),
    },
  });
});
`;
}

interface Echo {
  version: string;
  method: string;
  path: string;
  search: string;
  body: string;
  env: { url: string; anonKey: string; hasServiceRoleKey: boolean; hasDbUrl: boolean };
}

async function echo(): Promise<Echo> {
  const { data, error } = await client().functions.invoke<Echo>(name, { method: 'GET' });
  if (error) throw error;
  if (!data) throw new Error('no body');
  return data;
}

beforeAll(() => {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'index.ts'), source('one'));
});

/** Whether a Deno process still serves the throwaway function (found by its command line). */
function processAlive(): boolean {
  return readdirSync('/proc').some((entry) => {
    try {
      return /^\d+$/.test(entry) && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(folder);
    } catch {
      return false;
    }
  });
}

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('the functions runtime', () => {
  it('passes method, sub-path, query and body through, with the Supabase environment', async () => {
    const { data, error } = await client().functions.invoke<Echo>(`${name}/sub/path?x=1&y=two`, { body: { a: 1 } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      version: 'one',
      method: 'POST',
      path: `/${name}/sub/path`,
      search: '?x=1&y=two',
      body: '{"a":1}',
    });
    expect(data?.env).toEqual({
      url: stackInfo().apiUrl,
      anonKey: stackInfo().anonKey,
      hasServiceRoleKey: true,
      hasDbUrl: true,
    });
  });

  it('picks up an edited function without a restart', async () => {
    expect((await echo()).version).toBe('one');
    writeFileSync(path.join(folder, 'index.ts'), source('two'));
    const deadline = Date.now() + 15_000;
    let version = 'one';
    while (version !== 'two' && Date.now() < deadline) {
      version = (await echo()).version;
      if (version !== 'two') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(version).toBe('two');
  });

  it('answers 5xx when the function crashes, and starts it again on the next request', async () => {
    const crashed = await client().functions.invoke(`${name}/crash`, { method: 'GET' });
    expect(crashed.error).toBeInstanceOf(FunctionsHttpError);
    const response = (crashed.error as FunctionsHttpError).context as Response;
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(await response.json()).toMatchObject({ code: 'WORKER_ERROR' });
    expect((await echo()).method).toBe('GET');
  });

  it('streams a response as it is produced', async () => {
    const started = Date.now();
    const response = await fetch(`${stackInfo().apiUrl}/functions/v1/${name}/stream`, {
      headers: { apikey: stackInfo().anonKey },
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = await reader.read();
    const firstAfter = Date.now() - started;
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(new TextDecoder().decode(first.value)).toBe('first;');
    expect(rest).toBe('second');
    // The first chunk arrived well before the function finished (it waits 700 ms between chunks).
    expect(Date.now() - started - firstAfter).toBeGreaterThan(400);
  });

  it('forgets a deleted function: 404, and its process is stopped', async () => {
    expect(processAlive()).toBe(true);
    rmSync(folder, { recursive: true, force: true });
    const deadline = Date.now() + 10_000;
    while (processAlive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processAlive()).toBe(false);
    const gone = await client().functions.invoke(name, { method: 'GET' });
    expect(((gone.error as FunctionsHttpError).context as Response).status).toBe(404);
  });
});
