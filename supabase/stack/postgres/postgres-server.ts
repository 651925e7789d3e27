import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { POSTGRES_BINARIES } from './binaries.ts';
import { chownTree, letPostgresReach, postgresProcessIds, type ProcessIds } from './os-user.ts';
import type { StackConfig } from '../shared/stack-config.ts';
import { log } from '../shared/log.ts';
import { spawnTied, stopOnExit } from '../shared/tied-spawn.ts';

/** What the ready probe hears while the server starts or replays WAL (after a crash, a restore): expected, not news. */
const STARTING_UP =
  /the database system is (starting up|not yet accepting connections)|Consistent recovery state has not been yet reached/;

export interface PostgresOptions {
  /**
   * Trade durability for speed (tests and benchmarks): fsync off, so a crash of the machine may lose data. A crash of
   * Postgres alone loses nothing: commits still wait for their WAL to reach the kernel (synchronous_commit stays on;
   * off, a killed server forgot up to the last ~600 ms of acknowledged commits, which the fault tests caught).
   */
  fast?: boolean;
}

/**
 * Runs the embedded Postgres 17 and keeps it running: if the server dies (crash, OOM kill, a test
 * killing it on purpose), it is started again, and every client of the stack reconnects by itself.
 */
export class PostgresServer {
  private child: ChildProcess | undefined;
  private stopping = false;
  private readonly ids: ProcessIds | undefined;
  /** Resolves each time the server has become ready after a (re)start. */
  private readyWaiters: Array<() => void> = [];
  restarts = 0;
  private forgetExit: (() => void) | undefined;

  constructor(
    private readonly config: StackConfig,
    private readonly options: PostgresOptions = {},
  ) {
    this.ids = postgresProcessIds();
    if (this.ids) {
      mkdirSync(path.dirname(config.dataDir), { recursive: true });
      const opened = [
        ...letPostgresReach(path.dirname(POSTGRES_BINARIES.postgres)),
        ...letPostgresReach(path.dirname(config.dataDir)),
      ];
      if (opened.length) log('postgres', `let the postgres OS user pass through: ${[...new Set(opened)].join(', ')}`);
    }
  }

  get isInitialised(): boolean {
    return existsSync(path.join(this.config.dataDir, 'PG_VERSION'));
  }

  /** The postmaster's pid, for tests that kill it on purpose. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Creates the cluster with superuser `supabase_admin`, as Supabase's image does. */
  async initialise(): Promise<void> {
    mkdirSync(this.config.dataDir, { recursive: true });
    if (this.ids) chownTree(this.config.dataDir, this.ids);
    const pwfile = path.join(tmpdir(), `stack-pw-${process.pid}`);
    writeFileSync(pwfile, 'postgres\n', { mode: 0o644 });
    try {
      await run(
        POSTGRES_BINARIES.initdb,
        [
          `--pgdata=${this.config.dataDir}`,
          '--username=supabase_admin',
          `--pwfile=${pwfile}`,
          '--auth-local=trust',
          '--auth-host=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C.UTF-8',
        ],
        this.ids,
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
  }

  async start(): Promise<void> {
    this.stopping = false;
    await this.stopLeftover();
    this.forgetExit ??= stopOnExit(() => this.child, 'SIGINT');
    this.spawnServer();
    await this.waitReady(30_000);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.forgetExit?.();
    this.forgetExit = undefined;
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGINT'); // "fast" shutdown: roll back open transactions, exit cleanly.
    });
  }

  /** Waits until the server accepts connections again (after a restart). */
  async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let lastError: unknown;
    while (Date.now() < deadline) {
      const client = new pg.Client({ connectionString: this.config.adminDbUrl });
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return;
      } catch (error) {
        lastError = error;
        await client.end().catch(() => undefined);
        if (
          this.child?.exitCode !== null &&
          this.child?.exitCode !== undefined &&
          !this.stopping &&
          this.restarts === 0
        ) {
          throw new Error(`Postgres exited during start (code ${this.child.exitCode}); see the lines above.`);
        }
        await sleep(100);
      }
    }
    throw new Error(`Postgres was not ready within ${timeoutMs} ms: ${String(lastError)}`);
  }

  private spawnServer(): void {
    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      port: String(this.config.pgPort),
      unix_socket_directories: this.config.dataDir,
      wal_level: 'logical',
      max_wal_senders: '10',
      max_replication_slots: '10',
      max_connections: '300',
      shared_buffers: '256MB',
      password_encryption: 'scram-sha-256',
      // As on Supabase: query statistics for performance work (the extension is created by the platform bootstrap).
      shared_preload_libraries: 'pg_stat_statements',
      log_min_messages: this.options.fast ? 'fatal' : 'warning',
      log_min_error_statement: 'panic',
      ...(this.options.fast ? { fsync: 'off', full_page_writes: 'off' } : {}),
    };
    const args = ['-D', this.config.dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
    // SIGINT is a "fast" shutdown: if the stack dies outright, the server stops cleanly instead of lingering.
    const child = spawnTied(
      POSTGRES_BINARIES.postgres,
      args,
      { ...this.ids, stdio: ['ignore', 'pipe', 'pipe'] },
      'SIGINT',
    );
    this.child = child;
    const forward = (chunk: Buffer) => {
      if (this.stopping) return; // shutdown chatter is expected
      for (const line of chunk.toString('utf8').split('\n')) {
        // Routine LOG lines (checkpoints, start, shutdown) are noise; warnings and errors are not.
        if (line.trim() && !/\bLOG: {2}/.test(line) && !STARTING_UP.test(line)) log('postgres', line);
      }
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      this.restarts += 1;
      log('postgres', `exited unexpectedly (code ${code}, signal ${signal}); starting it again`);
      setTimeout(() => {
        if (this.stopping) return;
        this.spawnServer();
        this.waitReady(60_000).then(
          () => log('postgres', 'back up'),
          (error: unknown) => log('postgres', `did not come back: ${String(error)}`),
        );
      }, 300);
    });
  }

  /** A server left by a stack that was killed outright still holds the data folder: stop it first. */
  async stopLeftover(): Promise<void> {
    const pidFile = path.join(this.config.dataDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
    log('postgres', `a server from an earlier run (pid ${pid}) still holds ${this.config.dataDir}; stopping it`);
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 15_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function run(file: string, args: string[], ids: ProcessIds | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (${code}): ${output}`)),
    );
  });
}
