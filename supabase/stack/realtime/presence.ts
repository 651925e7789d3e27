import { randomBytes } from 'node:crypto';
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

/**
 * Who is present on each topic (a topic key already separates public from private).
 * Each channel tracks at most one entry, identified by its phx_ref.
 */
export class PresenceStore {
  private readonly topics = new Map<string, Map<string, Map<string, JsonObject>>>();

  /** Adds or replaces a channel's entry; returns the new ref and the diff to fan out. */
  track(topicKey: string, key: string, previousRef: string | undefined, payload: JsonObject): { ref: string; diff: PresenceDiff } {
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
      meta.phx_ref_prev = previousRef;
      diff.leaves = single(key, previous);
    }
    metas.set(ref, meta);
    return { ref, diff };
  }

  /** Removes a channel's entry; null when it had none. */
  untrack(topicKey: string, key: string, ref: string): PresenceDiff | null {
    const keys = this.topics.get(topicKey);
    const metas = keys?.get(key);
    const meta = metas?.get(ref);
    if (!keys || !metas || !meta) return null;
    metas.delete(ref);
    if (metas.size === 0) keys.delete(key);
    if (keys.size === 0) this.topics.delete(topicKey);
    return { joins: {}, leaves: single(key, meta) };
  }

  state(topicKey: string): PresenceState {
    const state: PresenceState = {};
    for (const [key, metas] of this.topics.get(topicKey) ?? []) {
      state[key] = { metas: [...metas.values()] };
    }
    return state;
  }
}
