import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { client } from '../../support/clients.ts';
import { RawSocket, subscribed, until } from './helpers.ts';

const clients: SupabaseClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
});

/** The presence keys a channel currently sees, with the `who` field of each entry. */
function seen(channel: RealtimeChannel): Record<string, string[]> {
  const state = channel.presenceState<{ who: string }>();
  return Object.fromEntries(Object.entries(state).map(([key, metas]) => [key, metas.map((meta) => meta.who)]));
}

describe('Realtime Presence', () => {
  it('syncs two clients, reports joins and leaves, and cleans up when a client leaves or disconnects', async () => {
    const name = `presence-${randomUUID().slice(0, 8)}`;
    const alice = client();
    const bob = client();
    clients.push(alice, bob);
    const aliceJoins: string[] = [];
    const aliceLeaves: string[] = [];

    const aliceChannel = alice
      .channel(name, { config: { presence: { key: 'alice' } } })
      .on('presence', { event: 'join' }, ({ key }) => aliceJoins.push(key))
      .on('presence', { event: 'leave' }, ({ key }) => aliceLeaves.push(key));
    await subscribed(aliceChannel);
    expect(await aliceChannel.track({ who: 'Alice' })).toBe('ok');

    const bobChannel = bob
      .channel(name, { config: { presence: { key: 'bob' } } })
      .on('presence', { event: 'sync' }, () => undefined);
    await subscribed(bobChannel);
    // Bob learns about Alice from presence_state right after joining.
    await until('bob to see alice', () => (seen(bobChannel).alice ? true : undefined));
    expect(await bobChannel.track({ who: 'Bob' })).toBe('ok');

    const both = { alice: ['Alice'], bob: ['Bob'] };
    await until('both to see both', () =>
      JSON.stringify(seen(aliceChannel)) === JSON.stringify(both) &&
      JSON.stringify(seen(bobChannel)) === JSON.stringify(both)
        ? true
        : undefined,
    );
    expect(aliceJoins).toEqual(expect.arrayContaining(['alice', 'bob']));

    expect(await bobChannel.untrack()).toBe('ok');
    await until('bob untracked', () => (seen(aliceChannel).bob ? undefined : true));

    expect(await bobChannel.track({ who: 'Bob again' })).toBe('ok');
    await until('bob back', () => (seen(aliceChannel).bob ? true : undefined));

    // Bob's socket goes away without a leave: the server still removes his presence.
    await bob.realtime.disconnect();
    await until('bob gone after disconnect', () => (seen(aliceChannel).bob ? undefined : true));
    expect(seen(aliceChannel)).toEqual({ alice: ['Alice'] });
    expect(aliceLeaves).toContain('bob');
  });

  it('gives a generated key to clients that do not choose one', async () => {
    const name = `presence-${randomUUID().slice(0, 8)}`;
    const carol = client();
    clients.push(carol);
    const channel = carol.channel(name).on('presence', { event: 'sync' }, () => undefined);
    await subscribed(channel);
    await channel.track({ who: 'Carol' });
    await until('carol to see herself', () => (Object.keys(seen(channel)).length ? true : undefined));
    const [key] = Object.keys(seen(channel));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports a re-track as one diff: the new meta joins naming the old one, which leaves', async () => {
    // Wire level on purpose: realtime-js 2.109 mishandles this diff (supabase-js#2565) and shows both metas.
    const socket = await RawSocket.open();
    try {
      const topic = `realtime:presence-${randomUUID().slice(0, 8)}`;
      await socket.request('1', topic, 'phx_join', { config: { presence: { key: 'dan', enabled: true } } });
      const state = await socket.waitFor((frame) => frame[3] === 'presence_state');
      expect(state).toEqual(['1', null, topic, 'presence_state', {}]);
      await socket.request('1', topic, 'presence', { type: 'presence', event: 'track', payload: { who: 'Dan' } });
      await socket.request('1', topic, 'presence', { type: 'presence', event: 'track', payload: { who: 'Daniel' } });
      const diffs = socket.frames.filter((frame) => Array.isArray(frame) && frame[3] === 'presence_diff');
      expect(diffs).toHaveLength(2);
      const [first, second] = diffs.map(
        (frame) => (frame as unknown[])[4] as Record<string, Record<string, { metas: Array<Record<string, string>> }>>,
      );
      const firstRef = first?.joins?.dan?.metas[0]?.phx_ref;
      expect(first).toEqual({ joins: { dan: { metas: [{ who: 'Dan', phx_ref: firstRef }] } }, leaves: {} });
      expect(second?.leaves).toEqual({ dan: { metas: [{ who: 'Dan', phx_ref: firstRef }] } });
      expect(second?.joins?.dan?.metas).toEqual([
        { who: 'Daniel', phx_ref: expect.any(String), phx_ref_prev: firstRef },
      ]);
      // Tracking the same payload again changes nothing.
      await socket.request('1', topic, 'presence', { type: 'presence', event: 'track', payload: { who: 'Daniel' } });
      expect(socket.frames.filter((frame) => Array.isArray(frame) && frame[3] === 'presence_diff')).toHaveLength(2);
    } finally {
      socket.close();
    }
  });
});
