import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { client, serviceClient } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';
import { sleep, subscribed, until } from './helpers.ts';

const clients: SupabaseClient[] = [];
function newClient(key?: string): SupabaseClient {
  const made = key ? client(key) : client();
  clients.push(made);
  return made;
}

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
});

const topic = () => `bc-${randomUUID().slice(0, 8)}`;

describe('Realtime Broadcast', () => {
  it('round-trips a message with ack and self, and relays it to another client', async () => {
    const name = topic();
    const mine: unknown[] = [];
    const theirs: unknown[] = [];
    const sender = await subscribed(
      newClient()
        .channel(name, { config: { broadcast: { ack: true, self: true } } })
        .on('broadcast', { event: 'cursor' }, (message) => mine.push(message)),
    );
    await subscribed(
      newClient()
        .channel(name)
        .on('broadcast', { event: 'cursor' }, (message) => theirs.push(message)),
    );

    expect(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } })).toBe('ok');

    const expected = { type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } };
    await until('both copies', () => (mine.length && theirs.length ? true : undefined));
    expect(mine).toEqual([expected]);
    expect(theirs).toEqual([expected]);
  });

  it('does not echo to the sender without self, and filters by event name', async () => {
    const name = topic();
    const senderGot: unknown[] = [];
    const otherGot: string[] = [];
    const sender = await subscribed(
      newClient()
        .channel(name)
        .on('broadcast', { event: '*' }, (message) => senderGot.push(message)),
    );
    await subscribed(
      newClient()
        .channel(name)
        .on('broadcast', { event: 'wanted' }, (message) => otherGot.push(message.event)),
    );
    await sender.send({ type: 'broadcast', event: 'ignored', payload: {} });
    await sender.send({ type: 'broadcast', event: 'wanted', payload: {} });
    await until('the wanted event', () => (otherGot.length ? true : undefined));
    await sleep(200);
    expect(otherGot).toEqual(['wanted']);
    expect(senderGot).toEqual([]);
  });

  it('keeps public and private channels of the same name apart', async () => {
    const name = topic();
    const publicGot: unknown[] = [];
    const service = newClient(stackInfo().serviceRoleKey);
    // service_role bypasses RLS, so it may join the private channel without any policy.
    const privateGot: unknown[] = [];
    await subscribed(
      service.channel(name, { config: { private: true } }).on('broadcast', { event: '*' }, (m) => privateGot.push(m)),
    );
    const sender = await subscribed(
      newClient()
        .channel(name, { config: { broadcast: { ack: true } } })
        .on('broadcast', { event: '*' }, (m) => publicGot.push(m)),
    );
    const listener = await subscribed(
      newClient()
        .channel(name)
        .on('broadcast', { event: '*' }, (m) => publicGot.push(m)),
    );
    expect(listener.state).toBe('joined');
    expect(await sender.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } })).toBe('ok');
    await until('the public copy', () => (publicGot.length ? true : undefined));
    await sleep(200);
    expect(publicGot).toHaveLength(1);
    expect(privateGot).toEqual([]);
  });

  it('delivers messages posted to the REST broadcast API', async () => {
    const name = topic();
    const got: Array<{ event: string; payload: unknown }> = [];
    const channel = await subscribed(
      newClient()
        .channel(name)
        .on('broadcast', { event: '*' }, (message) => got.push({ event: message.event, payload: message.payload })),
    );

    const response = await fetch(`${stackInfo().apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: name, event: 'from-rest', payload: { ok: true } }] }),
    });
    expect(response.status).toBe(202);

    const single = await channel.httpSend('from-http-send', { n: 2 });
    expect(single).toEqual({ success: true });

    await until('both REST messages', () => (got.length >= 2 ? true : undefined));
    expect(got).toEqual([
      { event: 'from-rest', payload: { ok: true } },
      { event: 'from-http-send', payload: { n: 2 } },
    ]);
  });

  it('refuses REST broadcasts without a valid token and malformed batches', async () => {
    const url = `${stackInfo().apiUrl}/realtime/v1/api/broadcast`;
    const forged = await fetch(url, {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, authorization: 'Bearer not-a-jwt', 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] }),
    });
    expect(forged.status).toBe(401);

    const malformed = await fetch(url, {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 't' }] }),
    });
    expect(malformed.status).toBe(422);
  });

  it('lets the service role broadcast over REST to a private channel', async () => {
    const name = topic();
    const got: unknown[] = [];
    await subscribed(
      newClient(stackInfo().serviceRoleKey)
        .channel(name, { config: { private: true } })
        .on('broadcast', { event: '*' }, (message) => got.push(message.payload)),
    );
    const channel = serviceClient().channel(name, { config: { private: true } });
    expect(await channel.httpSend('secret', { n: 3 })).toEqual({ success: true });
    await until('the private REST message', () => (got.length ? true : undefined));
    expect(got).toEqual([{ n: 3 }]);
  });
});
