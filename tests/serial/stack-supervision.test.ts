import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import { TEST_STACK_PORT } from '../support/test-stack.ts';
import {
  exited,
  processesOfStack,
  stackNodePid,
  startCommand,
  until,
  type StackProcess,
} from '../support/stack-process.ts';

// A stack of its own (`npm start`), next to the test stack's ports, killed in ways a test stack must survive.
const PORT = TEST_STACK_PORT + 10;
let started: ReturnType<typeof startCommand>;

beforeAll(async () => {
  started = startCommand(PORT);
  await until('the ready banner', () => started.output().includes('Ctrl-C stops everything'), 120_000);
}, 130_000);

afterAll(async () => {
  if (!started) return;
  // Only if a test failed half-way: stop what this file started.
  if (started.child.exitCode === null && started.child.signalCode === null) {
    process.kill(stackNodePid(started.child.pid!), 'SIGKILL');
    started.child.kill('SIGKILL');
  }
  for (const { pid } of processesOfStack(PORT)) process.kill(pid, 'SIGKILL');
  await exited(started.child);
});

function anonKey(): string {
  const info = JSON.parse(readFileSync(path.join(ROOT_DIR, '.local', `stack-${PORT}.json`), 'utf8')) as {
    anonKey: string;
  };
  return info.anonKey;
}

async function restAnswers(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/rest/v1/`, { headers: { apikey: anonKey() } })).status === 200;
  } catch {
    return false;
  }
}

const postgrest = (): StackProcess | undefined => processesOfStack(PORT).find((p) => p.command.includes('postgrest'));
const postgres = (): StackProcess | undefined => processesOfStack(PORT).find((p) => /\/postgres -D /.test(p.command));

describe('stack supervision', () => {
  it('starts PostgREST again when it dies, and REST answers again', async () => {
    expect(await restAnswers()).toBe(true);
    const first = postgrest();
    expect(first).toBeDefined();
    process.kill(first!.pid, 'SIGKILL');
    // One look per poll: the killed process can still be listed in one look and gone in the next.
    await until(
      'a new PostgREST',
      () => {
        const now = postgrest();
        return now !== undefined && now.pid !== first!.pid;
      },
      20_000,
    );
    await until('REST to answer again', restAnswers, 30_000);
  });

  it('leaves no Postgres, PostgREST or Deno behind when the Node process is killed outright', async () => {
    // A warm Deno worker too, so all three kinds of child are running.
    expect((await fetch(`http://127.0.0.1:${PORT}/functions/v1/health`)).status).toBe(200);
    await until('Postgres and PostgREST to run', () => postgres() !== undefined && postgrest() !== undefined, 20_000);
    // SIGKILL runs no handler in the stack: only the kernel's parent-death signal can stop the children.
    process.kill(stackNodePid(started.child.pid!), 'SIGKILL');
    await exited(started.child);
    await until('every child of the killed stack to stop', () => processesOfStack(PORT).length === 0, 20_000);
    expect(processesOfStack(PORT)).toEqual([]);
  });
});
