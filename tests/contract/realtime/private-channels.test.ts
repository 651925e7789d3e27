import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, signedInUser, type TestUser } from '../../support/clients.ts';
import { sleep, subscribeOutcome, subscribed, until } from './helpers.ts';

// A throwaway table whose trigger broadcasts each change to a private topic, and policies on
// realtime.messages, written the way the product's migrations write them.
const suffix = randomUUID().slice(0, 8);
const table = `rt_orders_${suffix}`;
const ordersTopic = `orders:${suffix}`;
const readOnlyTopic = `announcements:${suffix}`;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signedInUser(), signedInUser()]);
  await asPostgres((db) =>
    db.query(`
      create table public.${table} (id bigint generated always as identity primary key, item text not null);
      create function public.${table}_broadcast() returns trigger
        language plpgsql security definer set search_path = '' as $$
      begin
        perform realtime.broadcast_changes('${ordersTopic}', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end;
      $$;
      create trigger ${table}_broadcast after insert or update or delete on public.${table}
        for each row execute function public.${table}_broadcast();

      create policy "alice reads ${ordersTopic}" on realtime.messages for select to authenticated
        using ((select realtime.topic()) = '${ordersTopic}' and (select auth.uid()) = '${alice.id}');
      create policy "alice writes ${ordersTopic}" on realtime.messages for insert to authenticated
        with check ((select realtime.topic()) = '${ordersTopic}' and (select auth.uid()) = '${alice.id}');
      create policy "everyone reads ${readOnlyTopic}" on realtime.messages for select to authenticated
        using ((select realtime.topic()) = '${readOnlyTopic}');
    `),
  );
  // As supabase-js apps do before joining private channels: hand the session token to Realtime.
  await Promise.all([alice.client.realtime.setAuth(), bob.client.realtime.setAuth()]);
});

afterAll(async () => {
  await Promise.all([alice?.client.removeAllChannels(), bob?.client.removeAllChannels()]);
  await asPostgres((db) =>
    db.query(`
      drop table if exists public.${table};
      drop function if exists public.${table}_broadcast();
      drop policy if exists "alice reads ${ordersTopic}" on realtime.messages;
      drop policy if exists "alice writes ${ordersTopic}" on realtime.messages;
      drop policy if exists "everyone reads ${readOnlyTopic}" on realtime.messages;
    `),
  );
});

interface Received {
  event: string;
  payload: { operation?: string; record?: { item?: string }; table?: string; id?: string };
  meta?: { id?: string };
}

describe('Realtime private channels authorised by RLS on realtime.messages', () => {
  it('delivers a database trigger broadcast to the allowed user and refuses the other one', async () => {
    const aliceGot: Received[] = [];
    const bobGot: Received[] = [];
    await subscribed(
      alice.client
        .channel(ordersTopic, { config: { private: true } })
        .on('broadcast', { event: 'INSERT' }, (message) => aliceGot.push(message as unknown as Received)),
    );
    const refused = await subscribeOutcome(
      bob.client
        .channel(ordersTopic, { config: { private: true } })
        .on('broadcast', { event: '*' }, (message) => bobGot.push(message as unknown as Received)),
    );
    expect(refused).toEqual({
      status: 'CHANNEL_ERROR',
      reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${ordersTopic}`,
    });

    await asPostgres((db) => db.query(`insert into public.${table} (item) values ('vanilla cone')`));

    const [message] = await until('the trigger broadcast', () => (aliceGot.length ? aliceGot : undefined));
    expect(message).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table, schema: 'public', record: { item: 'vanilla cone' }, old_record: null },
    });
    expect(message?.meta?.id).toBe(message?.payload.id);
    await sleep(300);
    expect(bobGot).toEqual([]);
    await Promise.all([alice.client.removeAllChannels(), bob.client.removeAllChannels()]);
  });

  it('lets a user with write permission send, and silently drops sends without it', async () => {
    const got: string[] = [];
    const aliceChannel = await subscribed(
      alice.client
        .channel(ordersTopic, { config: { private: true, broadcast: { ack: true, self: true } } })
        .on('broadcast', { event: 'note' }, (message) => got.push(String((message.payload as { text: string }).text))),
    );
    expect(await aliceChannel.send({ type: 'broadcast', event: 'note', payload: { text: 'from alice' } })).toBe('ok');
    await until('alice to hear herself', () => (got.length ? true : undefined));

    // Bob may read the announcements topic but not write to it: no ack, nothing delivered.
    const heard: unknown[] = [];
    const bobChannel = await subscribed(
      bob.client
        .channel(readOnlyTopic, { config: { private: true, broadcast: { ack: true, self: true } } })
        .on('broadcast', { event: '*' }, (message) => heard.push(message)),
    );
    expect(await bobChannel.send({ type: 'broadcast', event: 'shout', payload: {} }, { timeout: 1500 })).toBe(
      'timed out',
    );
    expect(await bobChannel.track({ here: true })).toBe('error');
    expect(heard).toEqual([]);
    await alice.client.removeChannel(aliceChannel);
    await bob.client.removeChannel(bobChannel);
  });

  it('closes a private channel when a new access token no longer grants read access', async () => {
    const system: Array<{ status: string; message: string }> = [];
    let closed = false;
    const channel: RealtimeChannel = alice.client
      .channel(ordersTopic, { config: { private: true } })
      .on('system', {}, (payload: { status: string; message: string }) => system.push(payload));
    channel.subscribe((status) => {
      if (status === 'CLOSED') closed = true;
    });
    await until('the join', () => (channel.state === 'joined' ? true : undefined));

    await alice.client.realtime.setAuth(bob.accessToken);
    await until('the channel to close', () => (closed ? true : undefined));
    expect(system).toContainEqual(
      expect.objectContaining({
        status: 'error',
        message: `You do not have permissions to read from this Channel topic: ${ordersTopic}`,
      }),
    );
    await alice.client.realtime.setAuth(alice.accessToken);
  });
});
