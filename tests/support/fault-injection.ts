import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { client } from './clients.ts';
import { stackInfo } from './stack-info.ts';
import { processesOfStack, until } from './stack-process.ts';

/** Helpers of the fault tests: what each kills, and how a test sees the stack come back. */

export const stackPort = (): number => Number(new URL(stackInfo().apiUrl).port);

export function killPostgres(): number {
  const pid = Number(readFileSync(path.join(stackInfo().dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGKILL');
  return pid;
}

export function killPostgrest(): number {
  const found = processesOfStack(stackPort()).find((p) => p.command.includes('postgrest'));
  if (!found) throw new Error('no PostgREST of the stack under test');
  process.kill(found.pid, 'SIGKILL');
  return found.pid;
}

/** The Deno worker serving a function of the stack under test (its script path names the function). */
export function functionWorker(name: string): number | undefined {
  return processesOfStack(stackPort()).find(
    (p) => p.command.includes('deno') && p.command.includes(`/${name}/index.ts`),
  )?.pid;
}

export async function restAnswers(): Promise<boolean> {
  try {
    return (await fetch(`${stackInfo().apiUrl}/rest/v1/`, { headers: { apikey: stackInfo().anonKey } })).status === 200;
  } catch {
    return false;
  }
}

export const waitForRest = () => until('REST to answer again', restAnswers, 60_000);

/** A connection of its own (superuser) for work held open across a kill. */
export async function connection(): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  // A killed server ends this connection: the error belongs to the test's expectations, not to the process.
  db.on('error', () => undefined);
  await db.connect();
  return db;
}

/** A realtime client on a broadcast topic that records every `ping` it receives. */
export async function listeningClient(topic: string): Promise<{ received: string[]; client: SupabaseClient }> {
  const anon = client();
  const received: string[] = [];
  const channel = anon.channel(topic).on('broadcast', { event: 'ping' }, (message) => {
    received.push(String((message.payload as { n: string }).n));
  });
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status) =>
      status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' && reject(new Error(status)),
    ),
  );
  return { received, client: anon };
}

/** Sends broadcasts from the database until the client has one (it may be reconnecting meanwhile). */
export async function deliveredAfterFault(topic: string, received: string[], label: string): Promise<void> {
  await until(
    `the realtime client to receive "${label}"`,
    async () => {
      try {
        const db = await connection();
        try {
          await db.query(`select realtime.send(jsonb_build_object('n', $1::text), 'ping', $2, false)`, [label, topic]);
        } finally {
          await db.end();
        }
      } catch {
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      return received.includes(label);
    },
    60_000,
  );
}
