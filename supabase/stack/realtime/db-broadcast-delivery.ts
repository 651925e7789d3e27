import type pg from 'pg';
import { jsonTooDeep, MAX_PAYLOAD_BYTES } from './limits.ts';
import { encodeUserBroadcast, isJsonObject, type UserBroadcast } from './serializer.ts';
import { SharedFrame, topicKey, type TopicHub } from './topic-hub.ts';

export const BROADCAST_CHANNEL = 'realtime_messages';

interface DatabaseBroadcast {
  id: string;
  topic: string;
  event: string;
  isPrivate: boolean;
  message: UserBroadcast;
}

/**
 * Turns realtime.messages rows (announced by NOTIFY at commit) into broadcasts, in commit order:
 * `{type:"broadcast", event, payload, meta:{id}}` to the topic's subscribers of the same privacy.
 */
export class DbBroadcastDelivery {
  /** Set while a row is being read back by id; later notifications wait behind it. */
  private pending: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly hub: TopicHub,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  onNotification(payload: string): void {
    let notice: unknown;
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isJsonObject(notice) || typeof notice.id !== 'string') return;
    // A very deep payload is not re-encoded here (that recurses); the row's own text is relayed instead.
    const inline = jsonTooDeep(payload) ? null : fromInline(notice);
    if (inline && !this.pending) {
      this.deliver(inline);
      return;
    }
    const load = inline ? Promise.resolve(inline) : this.readBack(notice.id, notice.inserted_at);
    const previous = this.pending ?? Promise.resolve();
    const next: Promise<void> = Promise.all([load, previous])
      .then(([broadcast]) => {
        if (broadcast) this.deliver(broadcast);
      })
      .catch((error: unknown) => this.log('could not deliver a database broadcast', error))
      .finally(() => {
        if (this.pending === next) this.pending = undefined;
      });
    this.pending = next;
  }

  private deliver(broadcast: DatabaseBroadcast): void {
    const frame = new SharedFrame((vsn, topic) => encodeUserBroadcast(vsn, topic, broadcast.message));
    this.hub.broadcast(topicKey(broadcast.topic, broadcast.isPrivate), frame);
  }

  private async readBack(id: string, insertedAt: unknown): Promise<DatabaseBroadcast | null> {
    const { rows } = await this.pool.query<{
      topic: string;
      event: string;
      private: boolean | null;
      payload: string | null;
      binary_payload: Buffer | null;
    }>(
      `select topic, event, private, payload::text as payload, binary_payload
         from realtime.messages
        where id = $1 and ($2::timestamp is null or inserted_at = $2::timestamp)`,
      [id, typeof insertedAt === 'string' ? insertedAt : null],
    );
    const row = rows[0];
    if (!row) return null;
    const size = row.binary_payload ? row.binary_payload.length : Buffer.byteLength(row.payload ?? '');
    if (size > MAX_PAYLOAD_BYTES) {
      // Hosted Realtime drops it too (UnableToBroadcastChanges: payload_size_exceeded).
      this.log(`database broadcast ${id} on ${row.topic} not sent: payload_size_exceeded (${size} bytes)`);
      return null;
    }
    const meta = JSON.stringify({ id });
    const message: UserBroadcast | null = row.binary_payload
      ? { event: row.event, encoding: 'binary', body: row.binary_payload, meta }
      : row.payload !== null
        ? { event: row.event, encoding: 'json', body: Buffer.from(row.payload), meta }
        : null;
    if (!message) return null;
    return { id, topic: row.topic, event: row.event, isPrivate: row.private === true, message };
  }
}

function fromInline(notice: Record<string, unknown>): DatabaseBroadcast | null {
  const { id, topic, event, private: isPrivate } = notice;
  if (!('payload' in notice) || typeof id !== 'string' || typeof topic !== 'string' || typeof event !== 'string') {
    return null;
  }
  return {
    id,
    topic,
    event,
    isPrivate: isPrivate === true,
    message: {
      event,
      encoding: 'json',
      body: Buffer.from(JSON.stringify(notice.payload)),
      meta: JSON.stringify({ id }),
    },
  };
}
