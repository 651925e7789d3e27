// Runs inside Deno, not Node: `deno run --preload` loads it before a function's own index.ts.
// It makes the function's `Deno.serve` listen where the stack can find it, and stands in for the
// bits of Supabase's edge runtime that functions use (EdgeRuntime.waitUntil).
export {};

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;

interface ServeOptions {
  port?: number;
  hostname?: string;
  handler?: Handler;
  onListen?: (addr: { hostname: string; port: number }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
  [option: string]: unknown;
}

interface DenoApi {
  serve: (...args: unknown[]) => unknown;
  exit(code?: number): never;
  stdin: { readable: ReadableStream<Uint8Array> };
}

declare const Deno: DenoApi;
declare function addEventListener(type: 'load', listener: () => void): void;

/** The line the Node side waits for; keep in sync with deno-worker.ts. */
const LISTENING_MARKER = '__EDGE_RUNTIME_LISTENING__';
/** How long a function may take after loading before it must have called Deno.serve. */
const SERVE_GRACE_MS = 10_000;

const originalServe = Deno.serve.bind(Deno);
let serving = false;

// Same answer as Supabase gives when a function throws: 500 WORKER_ERROR.
function workerError(error: unknown): Response {
  console.error(error);
  return Response.json(
    { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    { status: 500 },
  );
}

function isOptions(value: unknown): value is ServeOptions {
  return typeof value === 'object' && value !== null;
}

Deno.serve = (...args: unknown[]): unknown => {
  const [first, second] = args;
  const options: ServeOptions = isOptions(first) ? { ...first } : {};
  const handler =
    typeof first === 'function'
      ? (first as Handler)
      : typeof second === 'function'
        ? (second as Handler)
        : options.handler;
  if (!handler) throw new TypeError('Deno.serve needs a handler');
  if (serving) throw new Error('An edge function can call Deno.serve only once');
  serving = true;

  // The stack owns the address: loopback, a free port it learns from the marker line.
  const {
    onListen,
    onError,
    port: _port,
    hostname: _hostname,
    handler: _handler,
    path: _path,
    transport: _transport,
    ...rest
  } = options;
  return originalServe(
    {
      ...rest,
      hostname: '127.0.0.1',
      port: 0,
      onListen(addr: { hostname: string; port: number }) {
        console.log(`${LISTENING_MARKER} ${addr.port}`);
        onListen?.(addr);
      },
      onError: onError ?? workerError,
    },
    handler,
  );
};

(globalThis as Record<string, unknown>).EdgeRuntime = {
  // Locally the worker process outlives the response anyway; just report failures.
  waitUntil(promise: Promise<unknown>): void {
    promise.catch((error: unknown) => console.error('EdgeRuntime.waitUntil:', error));
  },
};

// The stack holds our stdin open; end of file means it is gone, so go too (no orphans even on SIGKILL).
// Started on 'load': a pending stdin read begun in a preload keeps Deno from evaluating the main module.
function exitWhenStackGoes(): void {
  void (async () => {
    const reader = Deno.stdin.readable.getReader();
    try {
      while (!(await reader.read()).done) {
        // Nothing is ever sent; reading only waits for the end.
      }
    } catch {
      // A broken pipe means the same as end of file.
    }
    Deno.exit(0);
  })();
}

addEventListener('load', () => {
  exitWhenStackGoes();
  setTimeout(() => {
    if (!serving) {
      console.error('The function did not call Deno.serve; an edge function must serve requests with Deno.serve.');
      Deno.exit(1);
    }
  }, SERVE_GRACE_MS);
});
