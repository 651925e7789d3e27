import http, { type IncomingMessage } from 'node:http';
import { restErrorOf } from './rest-error.ts';

// PostgREST 12 answers 503 PGRST002 while it has no schema cache: when a reload's catalogue query failed (under
// concurrent DDL, or past the authenticator's lock or statement timeout) it drops the cache and retries the load
// with a backoff. Such a request was never run, so the gateway may hold it until PostgREST is ready and send it
// again, as PostgREST 13 itself does (requests wait for the schema cache). A caller then sees a slower answer
// rather than a refusal that says nothing about its request.
export const SCHEMA_CACHE_WAIT_MS = 5_000;
const POLL_MS = 100;

/** Reads a 503's body (PostgREST's are a line of JSON) and says whether it is the "no schema cache" answer. */
export function readSchemaCacheMiss(answer: IncomingMessage): Promise<{ missed: boolean; body: Buffer }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    const settle = () => {
      const body = Buffer.concat(chunks);
      resolve({ missed: restErrorOf(body)?.code === 'PGRST002', body });
    };
    answer.once('end', settle);
    answer.once('error', settle);
  });
}

function isReady(adminPort: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port: adminPort, path: '/ready', timeout: 1_000 }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(false));
  });
}

/** True once PostgREST's admin server says it is ready (connected, schema cache loaded); false at the deadline. */
export async function waitUntilReady(adminPort: number, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (await isReady(adminPort)) return true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
  }
  return false;
}
