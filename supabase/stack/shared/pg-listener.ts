import pg from 'pg';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;
const HEALTH_CHECK_MS = 15_000;

export interface PgListenerOptions {
  url: string;
  channels: string[];
  /** Shown in pg_stat_activity (pg_net's net.check_worker_is_up looks for 'pg_net worker'). */
  applicationName: string;
  onNotification: (channel: string, payload: string) => void;
  /** Called after every (re)connect: whatever was queued while the connection was down is waiting. */
  onConnected?: () => void;
  log: (message: string, error?: unknown) => void;
}

/**
 * A LISTEN connection that survives Postgres restarts: when the connection drops it reconnects
 * with backoff and listens again, so notifications flow again without anyone noticing.
 * Used by Realtime (database broadcasts, Postgres Changes) and the pg_net worker.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private ready = false;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly healthTimer: NodeJS.Timeout;

  constructor(private readonly options: PgListenerOptions) {
    // A half-open TCP connection raises no error; a periodic query finds it.
    this.healthTimer = setInterval(() => void this.checkHealth(), HEALTH_CHECK_MS);
    this.healthTimer.unref();
  }

  start(): void {
    void this.connect();
  }

  isReady(): boolean {
    return this.ready;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.ready = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.healthTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.url,
      keepAlive: true,
      application_name: this.options.applicationName,
    });
    let lost = false;
    const onLost = (error?: unknown): void => {
      if (lost) return;
      lost = true;
      this.connectionLost(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.payload === undefined) return;
      // A handler that throws here would throw inside pg's socket reader and take the process down.
      try {
        this.options.onNotification(message.channel, message.payload);
      } catch (error) {
        this.options.log(`could not handle a notification on ${message.channel}`, error);
      }
    });
    this.client = client;
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (lost || this.stopped) return;
      this.ready = true;
      this.retryMs = FIRST_RETRY_MS;
      this.options.onConnected?.();
    } catch (error) {
      onLost(error);
    }
  }

  private connectionLost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.ready = false;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.options.log(`database listener disconnected, retrying in ${this.retryMs} ms`, error);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }

  private async checkHealth(): Promise<void> {
    const client = this.client;
    if (!client || !this.ready) return;
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('listener health check timed out')), 5_000).unref();
    });
    try {
      await Promise.race([client.query('select 1'), timeout]);
    } catch (error) {
      this.connectionLost(client, error);
    }
  }
}
