import { randomBytes } from 'node:crypto';
import { MAX_PRESENCE_BYTES_PER_TOPIC, MAX_PRESENCE_BYTES_TOTAL } from './limits.ts';
import type { JsonObject } from './serializer.ts';

/** `{ "<key>": { "metas": [{ "phx_ref": ..., ...payload }] } }`, the shape Phoenix.Presence sends. */
export type PresenceState = Record<string, { metas: JsonObject[] }>;

export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

/** Phoenix refs are opaque short strings; the client only compares them. */
function newPhxRef(): string {
  return randomBytes(12).toString('base64url');
}

function single(key: string, meta: JsonObject): PresenceState {
  return { [key]: { metas: [meta] } };
}

export interface PresenceBudget {
  /** Bytes held for one topic and for the whole process. */
  perTopic: number;
  total: number;
}

/**
 * Who is present on each topic (a topic key already separates public from private).
 * Each channel tracks at most one entry, identified by its phx_ref. The payload bytes held are
 * counted per topic and in total, so what clients can make the process keep stays bounded.
 */
export class PresenceStore {
  private readonly topics = new Map<string, Map<string, Map<string, JsonObject>>>();
  /** Payload bytes of each entry (by phx_ref) and their sums. */
  private readonly sizes = new Map<string, number>();
  private readonly topicBytes = new Map<string, number>();
  private totalBytes = 0;

  constructor(
    private readonly budget: PresenceBudget = {
      perTopic: MAX_PRESENCE_BYTES_PER_TOPIC,
      total: MAX_PRESENCE_BYTES_TOTAL,
    },
  ) {}

  /** Whether replacing the entry `previousRef` (if any) by one of `bytes` stays within the budgets. */
  fits(topicKey: string, previousRef: string | undefined, bytes: number): boolean {
    const delta = bytes - (previousRef === undefined ? 0 : (this.sizes.get(previousRef) ?? 0));
    return (
      (this.topicBytes.get(topicKey) ?? 0) + delta <= this.budget.perTopic &&
      this.totalBytes + delta <= this.budget.total
    );
  }

  /** Payload bytes held in all topics. */
  get bytesHeld(): number {
    return this.totalBytes;
  }

  /** Adds or replaces a channel's entry of `bytes` payload bytes; returns the new ref and the diff to fan out. */
  track(
    topicKey: string,
    key: string,
    previousRef: string | undefined,
    payload: JsonObject,
    bytes = 0,
  ): { ref: string; diff: PresenceDiff } {
    const keys = this.topics.get(topicKey) ?? new Map<string, Map<string, JsonObject>>();
    this.topics.set(topicKey, keys);
    const metas = keys.get(key) ?? new Map<string, JsonObject>();
    keys.set(key, metas);

    const ref = newPhxRef();
    const previous = previousRef === undefined ? undefined : metas.get(previousRef);
    const meta: JsonObject = { ...payload, phx_ref: ref };
    const diff: PresenceDiff = { joins: single(key, meta), leaves: {} };
    if (previous && previousRef !== undefined) {
      // An update, as Phoenix.Presence.update reports it: the old meta leaves, the new one names it.
      metas.delete(previousRef);
      this.account(topicKey, previousRef, undefined);
      meta.phx_ref_prev = previousRef;
      diff.leaves = single(key, previous);
    }
    metas.set(ref, meta);
    this.account(topicKey, ref, bytes);
    return { ref, diff };
  }

  /** Removes a channel's entry; null when it had none. */
  untrack(topicKey: string, key: string, ref: string): PresenceDiff | null {
    const keys = this.topics.get(topicKey);
    const metas = keys?.get(key);
    const meta = metas?.get(ref);
    if (!keys || !metas || !meta) return null;
    metas.delete(ref);
    this.account(topicKey, ref, undefined);
    if (metas.size === 0) keys.delete(key);
    if (keys.size === 0) this.topics.delete(topicKey);
    return { joins: {}, leaves: single(key, meta) };
  }

  /** Records (bytes) or forgets (undefined) the size of one entry. */
  private account(topicKey: string, ref: string, bytes: number | undefined): void {
    const delta = (bytes ?? 0) - (this.sizes.get(ref) ?? 0);
    if (bytes === undefined) this.sizes.delete(ref);
    else this.sizes.set(ref, bytes);
    const topicTotal = (this.topicBytes.get(topicKey) ?? 0) + delta;
    if (topicTotal === 0) this.topicBytes.delete(topicKey);
    else this.topicBytes.set(topicKey, topicTotal);
    this.totalBytes += delta;
  }

  state(topicKey: string): PresenceState {
    const state: PresenceState = {};
    for (const [key, metas] of this.topics.get(topicKey) ?? []) {
      state[key] = { metas: [...metas.values()] };
    }
    return state;
  }
}
