import type pg from 'pg';
import type { PrivateChannelAuthorizer } from './authorize-private.ts';
import type { JwtVerifier } from './jwt.ts';
import type { PostgresChanges } from './postgres-changes/postgres-changes.ts';
import type { PresenceStore } from './presence.ts';
import type { TopicHub } from './topic-hub.ts';

/** The process-wide pieces every socket and channel shares. */
export interface RealtimeContext {
  verifier: JwtVerifier;
  authorizer: PrivateChannelAuthorizer;
  hub: TopicHub;
  presence: PresenceStore;
  postgresChanges: PostgresChanges;
  /** Superuser pool: authorisation probes, replay, REST. */
  pool: pg.Pool;
  /** Whether database broadcasts are flowing (answers `broadcast.replication_ready`). */
  databaseListenerReady(): boolean;
  log(message: string, error?: unknown): void;
}

export const MAX_CHANNELS_PER_SOCKET = 100;
