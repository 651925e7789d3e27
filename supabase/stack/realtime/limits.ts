/**
 * What one client may make the stand-in hold or relay, with hosted Realtime's defaults where it has
 * them (supabase/realtime: tenant `max_payload_size_in_kb`, `CLIENT_PRESENCE_MAX_CALLS`/`_WINDOW_MS`,
 * `TENANT_MAX_CHANNELS_PER_CLIENT`). Hosted Realtime also caps each channel process's heap; the
 * presence budgets below stand in for that, so presence memory stays bounded however many sockets track.
 */

/** `max_payload_size_in_kb` (3,000) × 1000 plus the 500 bytes of padding hosted Realtime allows. */
export const MAX_PAYLOAD_BYTES = 3_000 * 1000 + 500;

/** Presence events (track/untrack) one channel may send per window before it is shut down. */
export const CLIENT_PRESENCE_MAX_CALLS = 5;
export const CLIENT_PRESENCE_WINDOW_MS = 30_000;

/** Presence held for one socket (all its channels), for one topic, and for the whole process. */
export const MAX_PRESENCE_BYTES_PER_SOCKET = 10_000_000;
export const MAX_PRESENCE_BYTES_PER_TOPIC = 10_000_000;
export const MAX_PRESENCE_BYTES_TOTAL = 64_000_000;

/**
 * Deepest JSON nesting accepted in a frame or REST body. Real messages are a few levels deep; very deep
 * values overflow the stack of anything that walks them recursively (JSON.stringify, jsonb, clients).
 */
export const MAX_JSON_DEPTH = 256;

/** The replies hosted Realtime gives when these limits are hit. */
export const TRACK_TOO_LARGE = 'Track message size exceeded';
export const CLIENT_PRESENCE_RATE_LIMITED = 'Client presence rate limit exceeded';
export const PAYLOAD_SIZE_EXCEEDED = 'payload_size_exceeded';
export const REST_PAYLOAD_TOO_LARGE = 'Payload size exceeds tenant limit';
export const TOO_DEEP = `Payload is nested deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * Whether JSON text nests deeper than `max`, found by one pass over the characters (no recursion, no
 * parse), so it is safe on any input. Brackets inside strings do not count.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/** A sliding count of events in a fixed window, as hosted Realtime's per-channel client rate limit. */
export class WindowCounter {
  private count = 0;
  private resetAt = 0;

  constructor(
    private readonly maxCalls: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event; false when the window already holds the maximum. */
  take(now = Date.now()): boolean {
    if (now > this.resetAt) {
      this.count = 1;
      this.resetAt = now + this.windowMs;
      return true;
    }
    if (this.count >= this.maxCalls) return false;
    this.count += 1;
    return true;
  }
}
