import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';

// A stack of its own, on ports no other test uses, started as a newcomer would (`npm start`).
const PORT = 61321;

function startCommand(): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'supabase/stack/cli/start.ts', '--no-build'], {
    cwd: ROOT_DIR,
    env: { ...process.env, STACK_PORT: String(PORT), STACK_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}

/** Processes whose command line or environment belongs to this stack (Postgres, PostgREST, Deno workers). */
function processesOfStack(): string[] {
  const markers = [`db-${PORT}`, `PGRST_SERVER_PORT=${PORT + 2}`, `SUPABASE_URL=http://127.0.0.1:${PORT}`];
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    if (Number(pid) === process.pid) continue;
    try {
      const text = readFileSync(`/proc/${pid}/cmdline`, 'utf8') + readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (markers.some((marker) => text.includes(marker))) found.push(`${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

describe('the start command', () => {
  it('prints the URL, keys and logins, and Ctrl-C stops every process it started', async () => {
    const { child, output } = startCommand();
    await until('the ready banner', () => output().includes('Ctrl-C stops everything'), 90_000);
    expect(output()).toContain(`App and API URL   http://127.0.0.1:${PORT}`);
    expect(output()).toContain('anon key');
    expect(output()).toContain('admin@hjem-is.test');
    const health = await fetch(`http://127.0.0.1:${PORT}/functions/v1/health`);
    expect(health.status).toBe(200);

    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
    for (const port of [PORT, PORT + 1, PORT + 2, PORT + 3]) {
      await expect(portIsFree(port), `port ${port}`).resolves.toBe(true);
    }
    expect(processesOfStack()).toEqual([]);
  });

  it('says clearly which port is taken, and exits', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(PORT, '127.0.0.1', () => resolve()));
    try {
      const { child, output } = startCommand();
      expect(await exited(child)).toBe(1);
      expect(output()).toContain(`Port ${PORT} (API gateway) is already in use`);
    } finally {
      blocker.close();
    }
  });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
