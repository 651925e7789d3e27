import pg from 'pg';

export interface PgListenerOptions {
  url: string;
  channel: string;
  /** Shown in pg_stat_activity (net.check_worker_is_up looks for 'pg_net worker'). */
  applicationName: string;
  onNotify: () => void;
  /** Called after every (re)connect: anything queued while we were away is waiting. */
  onConnected: () => void;
  log: (message: string) => void;
}

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 5_000;

/** A LISTEN connection that comes back by itself after Postgres restarts. */
export class PgListener {
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private backoffMs = MIN_BACKOFF_MS;
  private closed = false;
  private wasDown = false;

  constructor(private readonly options: PgListenerOptions) {}

  start(): void {
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.options.url, application_name: this.options.applicationName });
    this.client = client;
    const lost = (): void => {
      if (this.client !== client) return;
      this.client = undefined;
      this.retryLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.options.onNotify());
    try {
      await client.connect();
      await client.query(`listen ${this.options.channel}`);
    } catch (error) {
      if (!this.wasDown) this.options.log(`cannot listen on ${this.options.channel} (will retry): ${String(error)}`);
      this.wasDown = true;
      client.end().catch(() => undefined);
      lost();
      return;
    }
    if (this.wasDown) this.options.log(`listening on ${this.options.channel} again`);
    this.wasDown = false;
    this.backoffMs = MIN_BACKOFF_MS;
    this.options.onConnected();
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
  }
}
