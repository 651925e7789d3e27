import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RawSocket, sleep, type Frame } from './helpers.ts';

const sockets: RawSocket[] = [];
afterEach(() => {
  sockets.splice(0).forEach((socket) => socket.close());
});

async function open(): Promise<RawSocket> {
  const socket = await RawSocket.open();
  sockets.push(socket);
  return socket;
}

/** A kind-3 user broadcast push, byte for byte as realtime-js 2.109's serializer builds it. */
function userBroadcastPush(joinRef: string, ref: string, topic: string, event: string, payload: unknown): Buffer {
  const binary = Buffer.isBuffer(payload);
  const body = binary ? payload : Buffer.from(JSON.stringify(payload));
  const header = Buffer.from([3, joinRef.length, ref.length, topic.length, event.length, 0, binary ? 0 : 1]);
  return Buffer.concat([header, Buffer.from(joinRef + ref + topic + event), body]);
}

/** Decodes a kind-4 server broadcast carrying raw bytes. */
function decodeUserBroadcast(frame: Buffer): { topic: string; event: string; meta: string; payload: Buffer } {
  const [kind, topicLength, eventLength, metaLength, encoding] = frame;
  expect(kind).toBe(4);
  expect(encoding).toBe(0);
  let offset = 5;
  const take = (length: number) => frame.toString('utf8', offset, (offset += length));
  const topic = take(topicLength!);
  const event = take(eventLength!);
  const meta = take(metaLength!);
  return { topic, event, meta, payload: frame.subarray(offset) };
}

const reply = (frame: Frame) => frame[4] as { status: string; response: Record<string, unknown> };

describe('Realtime Phoenix protocol, frame by frame', () => {
  it('answers heartbeats, and survives garbage frames with an error or silence', async () => {
    const socket = await open();
    const beat = await socket.heartbeat();
    expect(beat[0]).toBeNull();
    expect(beat[2]).toBe('phoenix');
    expect(reply(beat)).toEqual({ status: 'ok', response: {} });

    socket.send('this is not json');
    socket.send('{"topic": 5}');
    socket.send('[1, 2]');
    socket.send('null');
    socket.send(randomBytes(64));
    socket.send(Buffer.from([3, 200, 200, 200, 200, 200, 1, 65]));
    socket.send(Buffer.from([]));

    const unmatched = await socket.request(null, 'realtime:never-joined', 'broadcast', {
      type: 'broadcast',
      event: 'x',
      payload: {},
    });
    expect(reply(unmatched)).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    const otherTopic = await socket.request('9', 'rooms:lobby', 'phx_join', {});
    expect(reply(otherTopic)).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    const noName = await socket.request('10', 'realtime:', 'phx_join', {});
    expect(reply(noName)).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });

    expect(reply(await socket.heartbeat())).toEqual({ status: 'ok', response: {} });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('joins, relays binary and text broadcasts with ack and self, then leaves with phx_close', async () => {
    const socket = await open();
    const topic = `realtime:raw-${randomUUID().slice(0, 8)}`;
    const join = await socket.request('1', topic, 'phx_join', {
      config: {
        broadcast: { ack: true, self: true },
        presence: { key: '', enabled: false },
        postgres_changes: [],
        private: false,
      },
    });
    expect(join[0]).toBe('1');
    expect(reply(join)).toEqual({ status: 'ok', response: { postgres_changes: [] } });

    // realtime-js sends every broadcast as a binary kind-3 push; a JSON one comes back as text.
    const ref = socket.nextRef();
    socket.send(userBroadcastPush('1', ref, topic, 'json-push', { a: 1 }));
    const ack = await socket.waitFor((frame) => frame[1] === ref);
    expect(ack).toEqual(['1', ref, topic, 'phx_reply', { status: 'ok', response: {} }]);
    const relayed = await socket.waitFor((frame) => frame[3] === 'broadcast');
    expect(relayed).toEqual([
      null,
      null,
      topic,
      'broadcast',
      { type: 'broadcast', event: 'json-push', payload: { a: 1 } },
    ]);
    socket.frames.length = 0;

    // Raw bytes travel as a kind-4 frame.
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    socket.send(userBroadcastPush('1', socket.nextRef(), topic, 'bytes-push', bytes));
    const binary = await waitForBinary(socket);
    expect(decodeUserBroadcast(binary)).toEqual({ topic, event: 'bytes-push', meta: '', payload: bytes });

    const textAck = await socket.request('1', topic, 'broadcast', {
      type: 'broadcast',
      event: 'text-event',
      payload: { b: 2 },
    });
    expect(reply(textAck).status).toBe('ok');
    const text = await socket.waitFor((frame) => frame[3] === 'broadcast');
    expect(text).toEqual([
      null,
      null,
      topic,
      'broadcast',
      { type: 'broadcast', event: 'text-event', payload: { b: 2 } },
    ]);

    const leave = await socket.request('1', topic, 'phx_leave', {});
    expect(reply(leave)).toEqual({ status: 'ok', response: {} });
    const close = await socket.waitFor((frame) => frame[3] === 'phx_close');
    expect(close).toEqual(['1', '1', topic, 'phx_close', {}]);
    const after = await socket.request('1', topic, 'broadcast', { type: 'broadcast', event: 'late', payload: {} });
    expect(reply(after)).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
  });

  it('accepts a join with an odd payload, and ignores frames for an earlier join of the topic', async () => {
    const socket = await open();
    const topic = `realtime:odd-${randomUUID().slice(0, 8)}`;
    expect(reply(await socket.request('1', topic, 'phx_join', 'not an object')).status).toBe('ok');
    // Joining again replaces the first join, which is closed.
    const rejoin = await socket.request('2', topic, 'phx_join', { config: { broadcast: { ack: true } } });
    expect(reply(rejoin).status).toBe('ok');
    expect(socket.frames).toContainEqual(['1', '1', topic, 'phx_close', {}]);
    const staleRef = socket.nextRef();
    socket.send(JSON.stringify(['1', staleRef, topic, 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]));
    await sleep(200);
    expect(socket.frames.some((frame) => Array.isArray(frame) && frame[1] === staleRef)).toBe(false);
    expect(
      reply(await socket.request('2', topic, 'broadcast', { type: 'broadcast', event: 'x', payload: {} })).status,
    ).toBe('ok');
  });

  it('limits a socket to 100 channels', async () => {
    const socket = await open();
    const prefix = `realtime:many-${randomUUID().slice(0, 8)}`;
    const joins = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        socket.request(String(index + 1), `${prefix}-${index}`, 'phx_join', {}),
      ),
    );
    expect(joins.every((frame) => reply(frame).status === 'ok')).toBe(true);
    const extra = await socket.request('101', `${prefix}-extra`, 'phx_join', {});
    expect(reply(extra)).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
  });
});

async function waitForBinary(socket: RawSocket): Promise<Buffer> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = socket.frames.find((frame): frame is Buffer => Buffer.isBuffer(frame));
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no binary frame');
    await sleep(25);
  }
}
