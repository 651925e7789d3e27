import type { ChildProcess } from 'node:child_process';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import type { FunctionDefinition } from './function-registry.ts';
import { byteLimit, dropRestOfBody, TOO_LARGE_MESSAGE } from '../gateway/body-limit.ts';
import { sendJson, TIMEOUT, WORKER_ERROR } from './json-response.ts';
import { spawnTied } from '../shared/tied-spawn.ts';

export type LogSink = (functionName: string, stream: 'stdout' | 'stderr', line: string) => void;

export interface WorkerOptions {
  denoPath: string;
  preloadPath: string;
  env: Record<string, string>;
  log: LogSink;
}

/** The function's process ended (or could not start) before it listened. */
export class BootError extends Error {}

/** Keep in sync with deno-preload.ts. */
const LISTENING_MARKER = '__EDGE_RUNTIME_LISTENING__';
const KILL_GRACE_MS = 2_000;
// Per-connection headers that must not be forwarded by a proxy (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** One Deno process serving one function; the service keeps it warm and replaces it when files change. */
export class DenoWorker {
  readonly definition: FunctionDefinition;
  /** Resolves with the port once the function's Deno.serve listens. */
  readonly ready: Promise<number>;
  private readonly child: ChildProcess;
  // Idle sockets close after 5 s, before the worker's server would close them under a request (see gateway/proxy.ts).
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 5_000 });
  /** Settles when the process is gone, whatever the reason. */
  readonly exited: Promise<void>;
  private readonly log: LogSink;
  private hasExited = false;
  private stopping = false;
  private retiring = false;
  private inFlight = 0;

  constructor(definition: FunctionDefinition, options: WorkerOptions) {
    this.definition = definition;
    this.log = options.log;
    // stdin stays an open pipe: the preload exits when it closes; the kernel's parent-death signal backs it up.
    this.child = spawnTied(
      options.denoPath,
      denoArgs(definition, options.preloadPath),
      { cwd: definition.dir, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] },
      'SIGKILL',
    );
    this.child.stdin?.on('error', () => undefined);

    let resolveReady: (port: number) => void = () => undefined;
    let rejectReady: (error: Error) => void = () => undefined;
    this.ready = new Promise<number>((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    // Nobody may be waiting when a warm worker dies; that must not be an unhandled rejection.
    this.ready.catch(() => undefined);

    let resolveExited: () => void = () => undefined;
    this.exited = new Promise<void>((resolve) => {
      resolveExited = resolve;
    });
    this.child.once('exit', (code, signal) => {
      this.hasExited = true;
      this.agent.destroy();
      if (!this.stopping) this.log(definition.name, 'stderr', `worker exited (${signal ?? `code ${String(code)}`})`);
      rejectReady(new BootError(`function ${definition.name} exited before it served`));
      resolveExited();
    });
    // Spawning itself failed (no binary): there will be no 'exit' event.
    this.child.once('error', (error) => {
      this.hasExited = true;
      this.log(definition.name, 'stderr', `could not start deno: ${error.message}`);
      rejectReady(new BootError(error.message));
      resolveExited();
    });

    this.pipeLines(this.child.stdout, 'stdout', (line) => {
      if (!line.startsWith(LISTENING_MARKER)) return false;
      resolveReady(Number(line.slice(LISTENING_MARKER.length).trim()));
      return true;
    });
    this.pipeLines(this.child.stderr, 'stderr', () => false);
  }

  get alive(): boolean {
    return !this.hasExited && !this.stopping;
  }

  /**
   * Runs one request's whole stay with this worker (waiting for it to listen included), so a
   * retired worker is not stopped under a request that is still using it.
   */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await work();
    } finally {
      this.inFlight--;
      if (this.retiring && this.inFlight === 0) void this.stop();
    }
  }

  /** Forwards one request and streams the answer back; resolves when the exchange is over. */
  async dispatch(req: IncomingMessage, res: ServerResponse, path: string, timeoutMs: number): Promise<void> {
    await this.forward(await this.ready, req, res, path, timeoutMs);
  }

  /** Replaced by a newer worker: finish the requests in flight, then stop. */
  retire(maxWaitMs: number): void {
    this.retiring = true;
    if (this.inFlight === 0) {
      void this.stop();
      return;
    }
    setTimeout(() => void this.stop(), maxWaitMs).unref();
  }

  /** SIGTERM, then SIGKILL if the function does not go within the grace time. */
  async stop(): Promise<void> {
    if (this.hasExited) return;
    this.stopping = true;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), KILL_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }

  /** Synchronous last resort for process exit. */
  killNow(): void {
    if (!this.hasExited) this.child.kill('SIGKILL');
  }

  private forward(
    port: number,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    timeoutMs: number,
  ): Promise<void> {
    // The client may have left while the function was starting: its 'close' has fired already.
    if (res.destroyed || res.writableEnded) return Promise.resolve();
    return new Promise<void>((resolve) => {
      let settled = false;
      // The function's answer is on its way to the client: from then on only the answer's own stream may end it.
      let answered = false;
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      }
      const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path, headers, agent: this.agent });

      const finish = (): void => {
        clearTimeout(timer);
        resolve();
      };
      // The gateway's 150 s limit applies to the wait for the function's answer, not to a stream in progress.
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        upstream.destroy();
        this.log(
          this.definition.name,
          'stderr',
          `request timed out after ${timeoutMs} ms: ${req.method ?? ''} ${path}`,
        );
        sendJson(res, 504, TIMEOUT);
        finish();
      }, timeoutMs);

      upstream.on('response', (answer) => {
        if (settled) {
          answer.destroy();
          return;
        }
        settled = true;
        answered = true;
        clearTimeout(timer);
        const raw: string[] = [];
        for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
          const name = answer.rawHeaders[i] ?? '';
          if (!HOP_BY_HOP.has(name.toLowerCase())) raw.push(name, answer.rawHeaders[i + 1] ?? '');
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw);
        // Send the head at once so streamed answers (SSE) reach the client before their first chunk.
        res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        answer.on('aborted', () => res.destroy());
      });

      upstream.on('error', (error) => {
        if (settled) {
          // A function that answered before reading the whole body (a refusal) closes its side while the body is
          // still being written to it: that EPIPE is not the answer's failure.
          if (!answered && !res.writableEnded) res.destroy();
          finish();
          return;
        }
        settled = true;
        this.log(this.definition.name, 'stderr', `request failed: ${error.message}`);
        // A crash shows here first and as the process's exit a moment later. Answer once the exit is seen (or after
        // a second, for a worker that lives on), so the caller's next request starts a fresh worker instead of
        // meeting the dead one (a retry right after the 500 got a second 500 under load).
        const exitSeen = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
        void Promise.race([this.exited, exitSeen]).then(() => {
          sendJson(res, 500, WORKER_ERROR);
          finish();
        });
      });

      let dropping = false;
      const dropBody = (): void => {
        if (dropping) return;
        dropping = true;
        dropRestOfBody(req);
      };
      res.on('close', () => {
        // The client went away (or the answer is complete): release the function's side too.
        if (!res.writableFinished) upstream.destroy();
        // The function answered without reading the whole body (it refused it, or needed none): the rest is read and
        // dropped, or the client's next request on this kept-alive connection would wait behind it for ever. The
        // connection to the function, still owing it those bytes, is not reused.
        if (!req.readableEnded && !req.destroyed) {
          upstream.destroy();
          dropBody();
        }
        settled = true;
        finish();
      });

      // The body is counted as it is read: a chunked upload has no Content-Length the gateway could check.
      const limit = byteLimit();
      limit.on('error', () => {
        if (answered) {
          // The function refused the body first (its own limit): its answer goes out; the rest of the upload is
          // read and dropped so the client reads that answer rather than a reset.
          dropBody();
          return;
        }
        upstream.destroy();
        dropBody();
        if (settled) {
          res.destroy();
        } else {
          settled = true;
          sendJson(res, 413, { message: TOO_LARGE_MESSAGE });
        }
        finish();
      });
      req.pipe(limit).pipe(upstream);
    });
  }

  private pipeLines(stream: Readable | null, kind: 'stdout' | 'stderr', intercept: (line: string) => boolean): void {
    if (!stream) return;
    const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (!intercept(line)) this.log(this.definition.name, kind, line);
    });
  }
}

function denoArgs(definition: FunctionDefinition, preloadPath: string): string[] {
  const config: string[] = [];
  if (!definition.importMap) {
    // Never pick up the Node project's package.json or a stray deno.json: npm: specifiers resolve from DENO_DIR.
    config.push('--no-config');
  } else if (/deno\.jsonc?$/.test(definition.importMap)) {
    config.push('--config', definition.importMap);
  } else {
    config.push('--no-config', '--import-map', definition.importMap);
  }
  return [
    'run',
    '--no-prompt',
    '--no-lock',
    ...config,
    // Roughly the hosted sandbox: network, env, reading files, /tmp for writing; no subprocesses, no FFI.
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    `--allow-write=${os.tmpdir()}`,
    '--preload',
    preloadPath,
    definition.entrypoint,
  ];
}
