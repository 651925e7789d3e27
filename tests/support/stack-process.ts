import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';

/** A stack started as a newcomer starts it (`npm start`, without the app build), on a port of its own. */
export function startCommand(port: number): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(
    process.execPath,
    [path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'supabase/stack/cli/start.ts', '--no-build'],
    {
      cwd: ROOT_DIR,
      env: { ...process.env, STACK_PORT: String(port), STACK_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.exitCode)
      : child.once('exit', (code) => resolve(code)),
  );
}

export interface StackProcess {
  pid: number;
  command: string;
}

/** Processes whose command line or environment belongs to the stack on `port` (Postgres, PostgREST, Deno workers). */
export function processesOfStack(port: number): StackProcess[] {
  const markers = [`db-${port}`, `PGRST_SERVER_PORT=${port + 2}`, `SUPABASE_URL=http://127.0.0.1:${port}`];
  const found: StackProcess[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    if (Number(pid) === process.pid) continue;
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const text = command + readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (markers.some((marker) => text.includes(marker)))
        found.push({ pid: Number(pid), command: command.replaceAll('\0', ' ').trim() });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/**
 * The Node process that runs the stack: tsx's launcher runs the script in a child of its own, which a
 * SIGKILL of the launcher would leave running.
 */
export function stackNodePid(launcherPid: number): number {
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid (the command in field 2 may hold spaces: split after ')').
      const parent = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      if (parent === launcherPid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('cli/start.ts'))
        return Number(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return launcherPid;
}
