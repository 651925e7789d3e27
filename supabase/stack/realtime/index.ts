import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import type { HttpService, UpgradeService } from '../shared/service.ts';
import { log as stackLog } from '../shared/log.ts';
import type { StackConfig } from '../shared/stack-config.ts';
import { PrivateChannelAuthorizer } from './authorize-private.ts';
import type { RealtimeContext } from './context.ts';
import { BROADCAST_CHANNEL, DbBroadcastDelivery } from './db-broadcast-delivery.ts';
import { JwtVerifier } from './jwt.ts';
import { PgListener } from '../shared/pg-listener.ts';
import { CHANGES_CHANNEL, PostgresChanges } from './postgres-changes/postgres-changes.ts';
import { PresenceStore } from './presence.ts';
import { upgradeHeaders } from './request-headers.ts';
import { RestBroadcast } from './rest-broadcast.ts';
import type { Vsn } from './serializer.ts';
import { SocketSession } from './socket-session.ts';
import { TopicHub } from './topic-hub.ts';

/** Hosted Realtime keeps broadcast rows 72 hours (it drops daily partitions). */
const RETENTION_SWEEP_MS = 60 * 60 * 1000;
/** Phoenix's max websocket frame size in Realtime. */
const MAX_FRAME_BYTES = 5_000_000;
/**
 * The database notifies this channel with `{"user_id": ...}` when a member's access changes (see the
 * migration realtime_membership_revocation): that user's private channels are checked again at once.
 */
export const ACCESS_CHANGE_CHANNEL = 'realtime_access_changed';

function changedUser(payload: string): string | undefined {
  try {
    const parsed = JSON.parse(payload) as unknown;
    const id = typeof parsed === 'object' && parsed !== null ? (parsed as { user_id?: unknown }).user_id : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

function log(message: string, error?: unknown): void {
  const detail = error instanceof Error ? `: ${error.message}` : error === undefined ? '' : `: ${String(error)}`;
  stackLog('realtime', `${message}${detail}`);
}

function rejectUpgrade(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** The token a websocket connects with: the x-api-key header, else `?apikey=`. */
function socketToken(req: IncomingMessage, query: URLSearchParams): string | undefined {
  const header = req.headers['x-api-key'];
  const apikey = typeof header === 'string' && header !== '' ? header : query.get('apikey');
  return apikey === null || apikey === '' ? undefined : apikey;
}

/** The Realtime stand-in: Phoenix-channel websockets plus the REST broadcast API. */
export async function createRealtimeService(config: StackConfig): Promise<HttpService & UpgradeService> {
  const pool = new pg.Pool({ connectionString: config.adminDbUrl, max: 10, application_name: 'realtime' });
  pool.on('error', (error) => log('idle database connection failed', error));

  const hub = new TopicHub();
  const postgresChanges = new PostgresChanges(pool, log);
  const broadcasts = new DbBroadcastDelivery(pool, hub, log);
  const sessions = new Set<SocketSession>();
  const listener = new PgListener({
    url: config.adminDbUrl,
    channels: [BROADCAST_CHANNEL, CHANGES_CHANNEL, ACCESS_CHANGE_CHANNEL],
    applicationName: 'realtime_listener',
    onNotification: (channel, payload) => {
      if (channel === BROADCAST_CHANNEL) broadcasts.onNotification(payload);
      else if (channel === CHANGES_CHANNEL) postgresChanges.onNotification(payload);
      else {
        const userId = changedUser(payload);
        if (userId !== undefined) for (const session of sessions) session.recheckAccess(userId);
      }
    },
    // Access changes made while the listener was away were not heard: check every private channel.
    onConnected: () => {
      for (const session of sessions) session.recheckAccess();
    },
    log,
  });
  listener.start();

  const context: RealtimeContext = {
    verifier: new JwtVerifier(config.jwtSecret),
    authorizer: new PrivateChannelAuthorizer(pool),
    hub,
    presence: new PresenceStore(),
    postgresChanges,
    pool,
    databaseListenerReady: () => listener.isReady(),
    log,
  };
  const rest = new RestBroadcast(context);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  // Overflowed changes are normally taken at once; leftovers are from notifications missed while disconnected.
  const sweep = setInterval(() => {
    pool
      .query(
        `delete from realtime.messages where inserted_at < timezone('utc', now()) - interval '72 hours';
         delete from realtime.change_overflow where created_at < now() - interval '1 hour';`,
      )
      .catch((error: unknown) => log('could not delete old messages', error));
  }, RETENTION_SWEEP_MS);
  sweep.unref();

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
      const url = new URL(path, 'http://realtime.local');
      try {
        await rest.handle(req, res, url.pathname, url.searchParams);
      } catch (error) {
        log('REST request failed', error);
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Unknown error' }));
        }
      }
    },

    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void {
      socket.on('error', () => socket.destroy());
      const url = new URL(path, 'http://realtime.local');
      if (url.pathname !== '/websocket' && url.pathname !== '/websocket/') {
        rejectUpgrade(socket, 404, 'Not found');
        return;
      }
      // Phoenix treats a missing vsn as 1.0.0; realtime-js always sends 2.0.0.
      const vsn = url.searchParams.get('vsn') ?? '1.0.0';
      if (vsn !== '1.0.0' && vsn !== '2.0.0') {
        rejectUpgrade(socket, 403, `Unsupported serializer version: ${vsn}`);
        return;
      }
      const token = socketToken(req, url.searchParams);
      if (token === undefined) {
        rejectUpgrade(socket, 401, 'API key is missing');
        return;
      }
      void context.verifier.verify(token).then((checked) => {
        if (!checked.ok) {
          const message = checked.error.code === 'expired_token' ? 'Token has expired' : checked.error.message;
          rejectUpgrade(socket, 401, message);
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          const session = new SocketSession(ws, context, vsn as Vsn, token, upgradeHeaders(req), (closed) =>
            sessions.delete(closed),
          );
          sessions.add(session);
        });
      });
    },

    async close(): Promise<void> {
      clearInterval(sweep);
      for (const session of sessions) session.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await listener.stop();
      postgresChanges.stop();
      await pool.end();
    },
  };
}
