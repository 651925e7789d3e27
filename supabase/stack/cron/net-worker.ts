import type pg from 'pg';
import { PgListener } from '../shared/pg-listener.ts';

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
}

export interface HttpResponseRow {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

/** pg_net's defaults: requests taken per round, and how long responses are kept (pg_net.ttl). */
const BATCH_SIZE = 200;
const RESPONSE_TTL = '6 hours';
const POLL_MS = 2_000;
const CLEANUP_MS = 60_000;

/**
 * Does what pg_net's background worker does: takes committed rows from net.http_request_queue,
 * performs them, and writes net._http_response. Woken by NOTIFY (trigger on the queue), with a
 * poll as fallback. Only loopback and the stack itself are reachable: a local stack must not call
 * out to the world, so any other host gets an error row instead.
 */
export class NetWorker {
  private readonly listener: PgListener;
  private readonly allowedHosts: Set<string>;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private draining = false;
  private wakeAgain = false;
  private closed = false;

  constructor(
    private readonly admin: pg.Pool,
    adminDbUrl: string,
    apiUrl: string,
    private readonly log: (message: string) => void,
  ) {
    this.allowedHosts = new Set(['localhost', '127.0.0.1', '[::1]', new URL(apiUrl).hostname]);
    this.listener = new PgListener({
      url: adminDbUrl,
      channels: ['pg_net_wake'],
      applicationName: 'pg_net worker',
      onNotification: () => this.wake(),
      onConnected: () => this.wake(),
      log,
    });
  }

  start(): void {
    this.listener.start();
    this.timers.push(
      setInterval(() => this.wake(), POLL_MS),
      setInterval(() => void this.cleanup(), CLEANUP_MS),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.listener.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Takes and performs queued requests until the queue is empty; concurrent calls coalesce. */
  wake(): void {
    if (this.closed) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = true;
    void this.drain().finally(() => {
      this.draining = false;
    });
  }

  /** Resolves when every request taken so far has its response row (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.draining || this.inFlight.size > 0) {
      await Promise.allSettled([...this.inFlight]);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async drain(): Promise<void> {
    try {
      let taken: number;
      do {
        this.wakeAgain = false;
        taken = await this.takeBatch();
      } while ((taken === BATCH_SIZE || this.wakeAgain) && !this.closed);
    } catch (error) {
      this.log(`pg_net worker: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async takeBatch(): Promise<number> {
    const { rows } = await this.admin.query<QueuedRequest>(
      `delete from net.http_request_queue
       where id in (select id from net.http_request_queue order by id limit $1 for update skip locked)
       returning id::text as id, method, url, headers, body, timeout_milliseconds`,
      [BATCH_SIZE],
    );
    for (const request of rows) {
      // Each response is written as soon as it is in; a slow one does not hold up the rest.
      const work = this.perform(request)
        .then((row) => this.store(row))
        .catch((error: unknown) =>
          this.log(`pg_net request ${request.id}: ${error instanceof Error ? error.message : String(error)}`),
        );
      this.inFlight.add(work);
      void work.finally(() => this.inFlight.delete(work));
    }
    return rows.length;
  }

  private async perform(request: QueuedRequest): Promise<HttpResponseRow> {
    const failed = (message: string, timedOut = false): HttpResponseRow => ({
      id: request.id,
      status_code: null,
      content_type: null,
      headers: null,
      content: null,
      timed_out: timedOut,
      error_msg: message,
    });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return failed(`URL using bad/illegal format or missing URL: ${request.url}`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !this.isAllowedHost(url.hostname)) {
      return failed(`The local stack's pg_net only reaches loopback and the stack itself, not "${url.host}"`);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    const started = Date.now();
    try {
      const response = await fetch(url, {
        method: request.method.toUpperCase(),
        headers,
        ...(request.body ? { body: new Uint8Array(request.body) } : {}),
        // pg_net (libcurl) does not follow redirects; following one could also leave loopback.
        redirect: 'manual',
        signal: AbortSignal.timeout(request.timeout_milliseconds),
      });
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        responseHeaders[name] = value;
      });
      return {
        id: request.id,
        status_code: response.status,
        content_type: response.headers.get('content-type'),
        headers: responseHeaders,
        // Postgres text cannot hold NUL characters; a binary body is kept as far as it goes.
        content: (await response.text()).replace(/\u0000/g, ''),
        timed_out: false,
        error_msg: null,
      };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        return failed(
          `Timeout of ${request.timeout_milliseconds} ms reached. Total time: ${Date.now() - started} ms`,
          true,
        );
      }
      return failed(curlLikeMessage(error));
    }
  }

  private isAllowedHost(hostname: string): boolean {
    return this.allowedHosts.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
  }

  private async store(row: HttpResponseRow): Promise<void> {
    await this.admin.query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       select id, status_code, content_type, headers, content, timed_out, error_msg
       from jsonb_populate_record(null::net._http_response, $1::jsonb)`,
      [JSON.stringify(row)],
    );
  }

  private async cleanup(): Promise<void> {
    try {
      await this.admin.query(`delete from net._http_response where created < now() - $1::interval`, [RESPONSE_TTL]);
    } catch {
      // Postgres is away; the next round will do it.
    }
  }
}

/** The words libcurl (and so pg_net) uses for the usual network failures. */
function curlLikeMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  if (code === 'ECONNREFUSED') return "Couldn't connect to server";
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return "Couldn't resolve host name";
  return cause instanceof Error ? cause.message : String(cause);
}
