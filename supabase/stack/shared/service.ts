import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * What every in-process stand-in (auth, realtime, functions) offers the gateway.
 * `path` is the part after the service prefix (`/auth/v1`, `/realtime/v1`, `/functions/v1`),
 * query string included, always starting with `/`.
 */
export interface HttpService {
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
  close(): Promise<void>;
}

export interface UpgradeService {
  /** Takes over a websocket upgrade; `path` as for `handle`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void;
}
