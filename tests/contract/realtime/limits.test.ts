import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { asPostgres } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';
import { RawSocket, type Frame } from './helpers.ts';

// What one client may make Realtime hold or relay, with hosted Realtime's limits and replies: 3,000 KB per
// message, 5 presence events per channel per 30 s, and (the stand-in's stand-in for hosted Realtime's
// per-process heap caps) bounded presence per socket, per topic and in total.

const sockets: RawSocket[] = [];
afterEach(() => {
  sockets.splice(0).forEach((socket) => socket.close());
});

async function open(): Promise<RawSocket> {
  const socket = await RawSocket.open();
  sockets.push(socket);
  return socket;
}

const reply = (frame: Frame) => frame[4] as { status: string; response: unknown };
const topicName = () => `realtime:limits-${randomUUID().slice(0, 8)}`;
/** A presence payload of about `bytes` bytes: under hosted Realtime's 3,000,500 when `bytes` is. */
const blob = (bytes: number) => ({ content: 'x'.repeat(bytes) });

/** Joins with presence on and waits for the join reply (and presence_state). */
async function joinPresence(socket: RawSocket, topic: string, joinRef: string): Promise<void> {
  const joined = await socket.request(joinRef, topic, 'phx_join', { config: { presence: { key: '', enabled: true } } });
  expect(reply(joined).status).toBe('ok');
  await socket.waitFor((frame) => frame[2] === topic && frame[3] === 'presence_state');
}

function track(socket: RawSocket, joinRef: string, topic: string, payload: unknown): string {
  const ref = socket.nextRef();
  socket.send(JSON.stringify([joinRef, ref, topic, 'presence', { type: 'presence', event: 'track', payload }]));
  return ref;
}

/** The system message and phx_close hosted Realtime sends when it shuts a channel down. */
async function shutDownWith(socket: RawSocket, topic: string, message: string): Promise<void> {
  const system = await socket.waitFor((frame) => frame[2] === topic && frame[3] === 'system', 10_000);
  expect(system[4]).toEqual({
    extension: 'system',
    status: 'error',
    message,
    channel: topic.slice('realtime:'.length),
  });
  await socket.waitFor((frame) => frame[2] === topic && frame[3] === 'phx_close', 10_000);
}

async function stillServes(socket: RawSocket): Promise<void> {
  expect(reply(await socket.heartbeat())).toEqual({ status: 'ok', response: {} });
}

describe('Realtime limits', () => {
  it('does not relay a broadcast over 3,000 KB and tells an acking sender payload_size_exceeded', async () => {
    const topic = topicName();
    const sender = await open();
    const listener = await open();
    await sender.request('1', topic, 'phx_join', { config: { broadcast: { ack: true, self: true } } });
    await listener.request('1', topic, 'phx_join', {});

    const big = await sender.request('1', topic, 'broadcast', {
      type: 'broadcast',
      event: 'big',
      payload: blob(3_100_000),
    });
    expect(reply(big)).toEqual({ status: 'error', response: 'payload_size_exceeded' });

    const small = await sender.request('1', topic, 'broadcast', {
      type: 'broadcast',
      event: 'small',
      payload: { n: 1 },
    });
    expect(reply(small)).toEqual({ status: 'ok', response: {} });
    await listener.waitFor((frame) => frame[3] === 'broadcast' && (frame[4] as { event: string }).event === 'small');
    expect(
      listener.frames.some((frame) => Array.isArray(frame) && (frame[4] as { event?: string }).event === 'big'),
    ).toBe(false);
  });

  it('does not send a database broadcast over 3,000 KB, as hosted Realtime drops it', async () => {
    const topic = topicName();
    const listener = await open();
    await listener.request('1', topic, 'phx_join', {});
    const name = topic.slice('realtime:'.length);
    await asPostgres(async (db) => {
      await db.query(`select realtime.send(jsonb_build_object('content', repeat('x', 3100000)), 'big', $1, false)`, [
        name,
      ]);
      await db.query(`select realtime.send('{"n": 1}'::jsonb, 'small', $1, false)`, [name]);
    });
    // Database broadcasts go out in commit order: once the small one is here, the big one was dropped.
    await listener.waitFor(
      (frame) => frame[3] === 'broadcast' && (frame[4] as { event: string }).event === 'small',
      10_000,
    );
    expect(
      listener.frames.some((frame) => Array.isArray(frame) && (frame[4] as { event?: string }).event === 'big'),
    ).toBe(false);
  });

  it("shuts a channel down on a track over 3,000 KB, with hosted Realtime's reply, and keeps nothing of it", async () => {
    const topic = topicName();
    const tracker = await open();
    const watcher = await open();
    await joinPresence(watcher, topic, '1');
    await joinPresence(tracker, topic, '1');

    track(tracker, '1', topic, blob(3_500_000));
    await shutDownWith(tracker, topic, 'Track message size exceeded');
    expect(watcher.frames.some((frame) => Array.isArray(frame) && frame[3] === 'presence_diff')).toBe(false);

    const late = await open();
    await joinPresence(late, topic, '1');
    const state = late.frames.find((frame): frame is Frame => Array.isArray(frame) && frame[3] === 'presence_state')!;
    expect(state[4]).toEqual({});
    await stillServes(tracker);
  });

  it('allows 5 presence events per channel in 30 seconds, then shuts the channel down', async () => {
    const topic = topicName();
    const socket = await open();
    await joinPresence(socket, topic, '1');
    for (let call = 1; call <= 5; call += 1) {
      const ref = track(socket, '1', topic, { call });
      const answer = await socket.waitFor((frame) => frame[1] === ref && frame[3] === 'phx_reply');
      expect(reply(answer).status).toBe('ok');
    }
    track(socket, '1', topic, { call: 6 });
    await shutDownWith(socket, topic, 'Client presence rate limit exceeded');
    await stillServes(socket);
  });

  it('caps the presence one socket holds across its channels', async () => {
    const socket = await open();
    const topics = [topicName(), topicName(), topicName(), topicName()];
    for (const [index, topic] of topics.entries()) await joinPresence(socket, topic, String(index + 1));
    // Each track is under the per-message limit; the fourth would take the socket over its budget.
    for (const [index, topic] of topics.slice(0, 3).entries()) {
      const ref = track(socket, String(index + 1), topic, blob(2_900_000));
      expect(reply(await socket.waitFor((frame) => frame[1] === ref && frame[3] === 'phx_reply', 10_000)).status).toBe(
        'ok',
      );
    }
    track(socket, '4', topics[3]!, blob(2_900_000));
    await shutDownWith(socket, topics[3]!, 'Track message size exceeded');
    await stillServes(socket);
  });

  it('caps the presence one topic holds across sockets, and keeps serving', async () => {
    const topic = topicName();
    const trackers = [await open(), await open(), await open(), await open()];
    for (const socket of trackers) await joinPresence(socket, topic, '1');
    for (const socket of trackers.slice(0, 3)) {
      const ref = track(socket, '1', topic, blob(2_900_000));
      expect(reply(await socket.waitFor((frame) => frame[1] === ref && frame[3] === 'phx_reply', 10_000)).status).toBe(
        'ok',
      );
    }
    const last = trackers[3]!;
    track(last, '1', topic, blob(2_900_000));
    await shutDownWith(last, topic, 'Track message size exceeded');

    // The process is fine: a new socket joins and is answered, and the rest of the stack still answers.
    const fresh = await open();
    await stillServes(fresh);
    const health = await fetch(`${stackInfo().apiUrl}/rest/v1/`, { headers: { apikey: stackInfo().anonKey } });
    expect(health.status).toBeLessThan(500);
  });

  it('answers a 20,000-deep JSON broadcast with an error reply and keeps the socket', async () => {
    const topic = topicName();
    const socket = await open();
    await socket.request('1', topic, 'phx_join', { config: { broadcast: { ack: true } } });
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const ref = socket.nextRef();
    socket.send(`["1","${ref}","${topic}","broadcast",{"type":"broadcast","event":"deep","payload":{"a":${deep}}}]`);
    const answer = await socket.waitFor((frame) => frame[1] === ref && frame[3] === 'phx_reply');
    expect(reply(answer)).toEqual({
      status: 'error',
      response: { reason: 'Payload is nested deeper than 256 levels' },
    });

    // The same as a binary (kind 3) push.
    const body = Buffer.from(`{"a":${deep}}`);
    const binaryRef = socket.nextRef();
    const header = Buffer.from([3, 1, binaryRef.length, topic.length, 4, 0, 1]);
    socket.send(Buffer.concat([header, Buffer.from(`1${binaryRef}${topic}deep`), body]));
    const binaryAnswer = await socket.waitFor((frame) => frame[1] === binaryRef && frame[3] === 'phx_reply');
    expect(reply(binaryAnswer).status).toBe('error');
    await stillServes(socket);
  });

  it('answers 422 to a REST broadcast nested 20,000 deep', async () => {
    const { apiUrl, anonKey } = stackInfo();
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const headers = { apikey: anonKey, 'content-type': 'application/json' };
    const batch = await fetch(`${apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers,
      body: `{"messages":[{"topic":"limits","event":"deep","payload":{"a":${deep}}}]}`,
    });
    expect(batch.status).toBe(422);
    expect(await batch.json()).toEqual({ errors: { payload: ['Payload is nested deeper than 256 levels'] } });
    const single = await fetch(`${apiUrl}/realtime/v1/api/broadcast/limits/events/deep`, {
      method: 'POST',
      headers,
      body: `{"a":${deep}}`,
    });
    expect(single.status).toBe(422);
  });
});
