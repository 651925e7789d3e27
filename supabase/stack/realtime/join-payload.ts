import { isJsonObject, type JsonObject } from './serializer.ts';

/** A phx_join payload, read as leniently as hosted Realtime (bad fields fall back to defaults). */
export interface JoinRequest {
  /** access_token (or legacy user_token); undefined → the socket's apikey is used. */
  accessToken?: string;
  isPrivate: boolean;
  presenceEnabled: boolean;
  /** '' when the client lets the server pick a key. */
  presenceKey: string;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  replicationReady: boolean;
  /** Present when the client asked for replay; values are checked later. */
  replay?: { since: unknown; limit: unknown };
  /** Postgres Changes bindings exactly as sent (the reply echoes them with an id). */
  postgresChanges: JsonObject[];
}

/** Realtime's FlexibleBoolean: booleans, or "true"/"false" in any case. */
function flexibleBoolean(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return fallback;
}

function objectOrEmpty(value: unknown): JsonObject {
  return isJsonObject(value) ? value : {};
}

export function parseJoinPayload(payload: unknown): JoinRequest {
  const params = objectOrEmpty(payload);
  const config = objectOrEmpty(params.config);
  const broadcast = objectOrEmpty(config.broadcast);
  const presence = objectOrEmpty(config.presence);

  const token = typeof params.access_token === 'string' ? params.access_token : params.user_token;
  const key = presence.key;
  const postgresChanges = Array.isArray(config.postgres_changes)
    ? config.postgres_changes.filter((binding): binding is JsonObject => isJsonObject(binding))
    : [];

  return {
    accessToken: typeof token === 'string' ? token : undefined,
    isPrivate: flexibleBoolean(config.private, false),
    presenceEnabled: flexibleBoolean(presence.enabled, false),
    presenceKey: typeof key === 'string' || typeof key === 'number' ? String(key) : '',
    selfBroadcast: flexibleBoolean(broadcast.self, false),
    ackBroadcast: flexibleBoolean(broadcast.ack, false),
    replicationReady: flexibleBoolean(broadcast.replication_ready, false),
    replay: isJsonObject(broadcast.replay)
      ? { since: broadcast.replay.since, limit: broadcast.replay.limit }
      : undefined,
    postgresChanges,
  };
}
