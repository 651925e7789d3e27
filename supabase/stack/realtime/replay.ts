import type pg from 'pg';
import type { UserBroadcast } from './serializer.ts';

const HARD_LIMIT = 25;

export type ReplayResult = { ok: true; messages: UserBroadcast[] } | { ok: false; reason: string };

/**
 * `broadcast.replay: {since, limit}` on a private channel: the last messages sent to the topic
 * from the database since `since` (ms), oldest first, marked `meta.replayed`.
 */
export async function readReplay(pool: pg.Pool, topic: string, since: unknown, limit: unknown): Promise<ReplayResult> {
  const wanted = limit === undefined || limit === null ? HARD_LIMIT : limit;
  if (!Number.isInteger(since) || !Number.isInteger(wanted)) {
    return { ok: false, reason: 'UnableToReplayMessages: Replay params are not valid' };
  }
  const count = Math.max(Math.min(wanted as number, HARD_LIMIT), 1);
  try {
    const { rows } = await pool.query<{
      id: string;
      event: string;
      payload: string | null;
      binary_payload: Buffer | null;
    }>(
      `select id, event, payload::text as payload, binary_payload
         from realtime.messages
        where topic = $1 and private is true and extension = 'broadcast' and event is not null
          and inserted_at >= (to_timestamp($2::bigint / 1000.0) at time zone 'utc')
          and inserted_at < timezone('utc', now()) + interval '1 minute'
        order by inserted_at desc
        limit $3`,
      [topic, since, count],
    );
    const messages = rows.reverse().flatMap((row): UserBroadcast[] => {
      const meta = JSON.stringify({ replayed: true, id: row.id });
      if (row.binary_payload) return [{ event: row.event, encoding: 'binary', body: row.binary_payload, meta }];
      if (row.payload === null) return [];
      return [{ event: row.event, encoding: 'json', body: Buffer.from(row.payload), meta }];
    });
    return { ok: true, messages };
  } catch {
    return { ok: false, reason: 'UnableToReplayMessages: Realtime was unable to replay messages' };
  }
}
