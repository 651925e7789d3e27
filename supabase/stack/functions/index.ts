import { existsSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { denoBinary } from '../shared/deno.ts';
import { log } from '../shared/log.ts';
import type { HttpService } from '../shared/service.ts';
import type { StackConfig } from '../shared/stack-config.ts';
import { BootError, DenoWorker, type LogSink } from './deno-worker.ts';
import { readEnvFile } from './env-file.ts';
import { FunctionRegistry, type FunctionDefinition } from './function-registry.ts';
import { BOOT_ERROR, NOT_FOUND, sendJson, TIMEOUT, WORKER_ERROR } from './json-response.ts';
import { createJwtVerifier } from './verify-jwt.ts';
import { watchFunctions } from './watch-functions.ts';

export type { LogSink } from './deno-worker.ts';

export interface FunctionsServiceOptions {
  /** How long a function may take to answer (boot included); the gateway's limit is 150 s. */
  timeoutMs?: number;
  /** Where the functions' output lines go; default: the stack log, prefixed with the function name. */
  log?: LogSink;
}

type FunctionsConfig = Pick<StackConfig, 'rootDir' | 'apiUrl' | 'anonKey' | 'serviceRoleKey' | 'dbUrl' | 'jwtSecret'>;

const DEFAULT_TIMEOUT_MS = 150_000;
// Passed through to Deno so it can reach the npm registry the way this machine does; nothing else leaks in.
const PASS_THROUGH_ENV = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'TZ',
  'TMPDIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
  'DENO_AUTH_TOKENS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
];

// Every line a function prints, under the stack's `functions` prefix and the function's name.
const defaultLog: LogSink = (name, _stream, line) => log('functions', `${name} | ${line}`);

/** The Edge Functions runtime: `/functions/v1/<name>/…` served by one warm Deno process per function. */
export async function createFunctionsService(
  config: FunctionsConfig,
  options: FunctionsServiceOptions = {},
): Promise<HttpService> {
  const denoPath = process.env.DENO_BINARY ?? denoBinary();
  if (!existsSync(denoPath)) throw new Error(`Deno binary not found at ${denoPath}; run npm install`);
  const denoDir = path.join(config.rootDir, '.local', 'deno');
  mkdirSync(denoDir, { recursive: true });
  return new FunctionsService(config, denoPath, denoDir, options);
}

class FunctionsService implements HttpService {
  private readonly registry: FunctionRegistry;
  private readonly verifyJwt: ReturnType<typeof createJwtVerifier>;
  private readonly timeoutMs: number;
  private readonly log: LogSink;
  private readonly preloadPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'deno-preload.ts');
  /** The worker that takes new requests, per function. */
  private readonly current = new Map<string, DenoWorker>();
  /** Every process still running, current or draining, so close() and exit can reach them all. */
  private readonly live = new Set<DenoWorker>();
  /** Functions whose files changed since their worker started. */
  private readonly stale = new Set<string>();
  private readonly stopWatching: () => void;
  private readonly killOnExit = (): void => {
    for (const worker of this.live) worker.killNow();
  };
  private closed = false;

  constructor(
    private readonly config: FunctionsConfig,
    private readonly denoPath: string,
    private readonly denoDir: string,
    options: FunctionsServiceOptions,
  ) {
    this.registry = new FunctionRegistry(config.rootDir);
    this.verifyJwt = createJwtVerifier(config.jwtSecret, config.apiUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.log = options.log ?? defaultLog;
    this.stopWatching = watchFunctions(
      this.registry.functionsDir,
      (name) => this.markStale(name),
      (message) => this.log('runtime', 'stderr', message),
    );
    process.on('exit', this.killOnExit);
  }

  async handle(req: IncomingMessage, res: ServerResponse, requestPath: string): Promise<void> {
    try {
      const name = requestPath.split(/[/?#]/)[1] ?? '';
      const definition = this.closed ? undefined : await this.registry.resolve(name);
      if (!definition) {
        sendJson(res, 404, NOT_FOUND);
        return;
      }
      if (definition.verifyJwt && req.method !== 'OPTIONS') {
        const check = await this.verifyJwt(req.headers.authorization);
        if (!check.ok) {
          sendJson(res, 401, { msg: check.message });
          return;
        }
      }
      const worker = this.workerFor(definition);
      await worker.hold(async () => {
        if (await this.waitUntilListening(worker, res)) await worker.dispatch(req, res, requestPath, this.timeoutMs);
      });
    } catch (error) {
      // Never let one request take the stack down.
      this.log(
        'runtime',
        'stderr',
        `request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendJson(res, 500, WORKER_ERROR);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching();
    await Promise.all([...this.live].map((worker) => worker.stop()));
    this.current.clear();
    process.off('exit', this.killOnExit);
  }

  private markStale(name: string | undefined): void {
    for (const key of name === undefined ? [...this.current.keys()] : [name]) {
      this.stale.add(key);
      // A deleted function frees its process at once instead of waiting for a request that will 404.
      const worker = this.current.get(key);
      if (worker && !existsSync(worker.definition.entrypoint)) {
        this.current.delete(key);
        worker.retire(this.timeoutMs);
      }
    }
  }

  /** The warm worker, or a new one when there is none, it died, or its files changed. */
  private workerFor(definition: FunctionDefinition): DenoWorker {
    const existing = this.current.get(definition.name);
    if (
      existing &&
      existing.alive &&
      !this.stale.has(definition.name) &&
      sameProgram(existing.definition, definition)
    ) {
      return existing;
    }
    this.stale.delete(definition.name);
    existing?.retire(this.timeoutMs);
    const env = this.workerEnv();
    const worker = new DenoWorker(definition, {
      denoPath: this.denoPath,
      preloadPath: this.preloadPath,
      env,
      log: this.log,
    });
    this.current.set(definition.name, worker);
    this.live.add(worker);
    void worker.ready.then(
      () => this.log(definition.name, 'stderr', 'worker ready'),
      () => this.current.get(definition.name) === worker && this.current.delete(definition.name),
    );
    // A stopped worker is forgotten, so the next request starts a fresh one (a crash is not permanent).
    void worker.exited.then(() => {
      this.live.delete(worker);
      if (this.current.get(definition.name) === worker) this.current.delete(definition.name);
    });
    return worker;
  }

  /** Waits for the function to listen; answers the request itself when it cannot. */
  private async waitUntilListening(worker: DenoWorker, res: ServerResponse): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.timeoutMs);
    });
    try {
      const outcome = await Promise.race([worker.ready, timedOut]);
      if (outcome !== 'timeout') return true;
      this.log(worker.definition.name, 'stderr', `did not start listening within ${this.timeoutMs} ms`);
      void worker.stop();
      sendJson(res, 504, TIMEOUT);
      return false;
    } catch (error) {
      if (!(error instanceof BootError)) throw error;
      sendJson(res, 503, BOOT_ERROR);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private workerEnv(): Record<string, string> {
    const env: Record<string, string> = {};
    for (const name of PASS_THROUGH_ENV) {
      const value = process.env[name];
      if (value !== undefined) env[name] = value;
    }
    const fromFile = readEnvFile(path.join(this.registry.functionsDir, '.env'), (message) =>
      this.log('runtime', 'stderr', message),
    );
    return {
      ...env,
      ...fromFile,
      DENO_DIR: this.denoDir,
      // Trust the machine's CA store as npm does: registries reached through a TLS-inspecting proxy
      // present certificates that only the system store (or npm's cafile) knows.
      DENO_TLS_CA_STORE: 'mozilla,system',
      ...systemCaFile(),
      DENO_NO_PACKAGE_JSON: '1',
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      SUPABASE_URL: this.config.apiUrl,
      SUPABASE_ANON_KEY: this.config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: this.config.serviceRoleKey,
      SUPABASE_DB_URL: this.config.dbUrl,
    };
  }
}

/** The CA bundle npm is told to use (or the usual Debian one), handed to Deno as DENO_CERT. */
function systemCaFile(): Record<string, string> {
  const candidates = [
    process.env.DENO_CERT,
    process.env.npm_config_cafile,
    process.env.SSL_CERT_FILE,
    '/etc/ssl/certs/ca-certificates.crt',
  ];
  const file = candidates.find(
    (candidate): candidate is string => Boolean(candidate) && existsSync(candidate as string),
  );
  return file ? { DENO_CERT: file } : {};
}

function sameProgram(a: FunctionDefinition, b: FunctionDefinition): boolean {
  return a.entrypoint === b.entrypoint && a.importMap === b.importMap;
}
