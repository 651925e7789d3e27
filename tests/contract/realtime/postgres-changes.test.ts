import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, signedInUser, type TestUser } from '../../support/clients.ts';
import { sleep, subscribed, until } from './helpers.ts';

// A throwaway published table with RLS and a column the API roles may not read.
const table = `rt_notes_${randomUUID().slice(0, 8)}`;
let alice: TestUser;
let bob: TestUser;

type Note = { id: number; owner_id: string; body: string; secret?: string };

beforeAll(async () => {
  [alice, bob] = await Promise.all([signedInUser(), signedInUser()]);
  await asPostgres((db) =>
    db.query(`
      create table public.${table} (
        id bigint generated always as identity primary key,
        owner_id uuid not null,
        body text not null,
        secret text
      );
      alter table public.${table} enable row level security;
      grant select (id, owner_id, body) on public.${table} to authenticated;
      create policy "owners read their notes" on public.${table} for select to authenticated
        using (owner_id = (select auth.uid()));
      alter publication supabase_realtime add table public.${table};
    `),
  );
  await Promise.all([alice.client.realtime.setAuth(), bob.client.realtime.setAuth()]);
});

afterAll(async () => {
  await Promise.all([alice?.client.removeAllChannels(), bob?.client.removeAllChannels()]);
  await asPostgres((db) => db.query(`drop table if exists public.${table}`));
});

const insertNote = (owner: string, body: string) =>
  asPostgres((db) =>
    db.query<{ id: string }>(
      `insert into public.${table} (owner_id, body, secret) values ($1, $2, 'hidden') returning id`,
      [owner, body],
    ),
  ).then((result) => Number(result.rows[0]!.id));

describe('Realtime Postgres Changes', () => {
  it('sends each change only to subscribers whose RLS and column grants allow it', async () => {
    const aliceGot: Array<RealtimePostgresChangesPayload<Note>> = [];
    const bobGot: Array<RealtimePostgresChangesPayload<Note>> = [];
    const filter = { event: '*', schema: 'public', table } as const;
    await subscribed(
      alice.client.channel(`pg-${table}-a`).on('postgres_changes', filter, (change) => aliceGot.push(change as never)),
    );
    await subscribed(
      bob.client.channel(`pg-${table}-b`).on('postgres_changes', filter, (change) => bobGot.push(change as never)),
    );

    const id = await insertNote(alice.id, 'first');
    await until('the insert', () => (aliceGot.length ? true : undefined));
    expect(aliceGot[0]).toMatchObject({
      schema: 'public',
      table,
      eventType: 'INSERT',
      new: { id, owner_id: alice.id, body: 'first' },
      errors: null,
    });
    expect(aliceGot[0]?.new).not.toHaveProperty('secret');
    expect(aliceGot[0]?.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await asPostgres((db) => db.query(`update public.${table} set body = 'second' where id = $1`, [id]));
    await until('the update', () => (aliceGot.length >= 2 ? true : undefined));
    expect(aliceGot[1]).toMatchObject({ eventType: 'UPDATE', new: { id, body: 'second' }, old: { id } });
    expect(aliceGot[1]?.old).toEqual({ id });

    // Deletes cannot be checked against RLS any more: everyone gets the primary key only.
    await asPostgres((db) => db.query(`delete from public.${table} where id = $1`, [id]));
    await until('the delete for both', () => (aliceGot.length >= 3 && bobGot.length >= 1 ? true : undefined));
    expect(aliceGot[2]).toMatchObject({ eventType: 'DELETE', old: { id }, new: {} });
    expect(aliceGot[2]?.old).toEqual({ id });
    expect(bobGot.map((change) => change.eventType)).toEqual(['DELETE']);

    await Promise.all([alice.client.removeAllChannels(), bob.client.removeAllChannels()]);
  });

  it('applies binding filters and event types', async () => {
    const got: string[] = [];
    await subscribed(
      alice.client
        .channel(`pg-${table}-filtered`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table, filter: 'body=eq.wanted' }, (change) =>
          got.push((change.new as Note).body),
        )
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table, filter: 'body=in.(also,"with, comma")' },
          (change) => got.push(`in:${(change.new as Note).body}`),
        ),
    );
    for (const body of ['skipped', 'wanted', 'also', 'with, comma']) await insertNote(alice.id, body);
    await until('the matching inserts', () => (got.length >= 3 ? true : undefined));
    await sleep(300);
    expect(got).toEqual(['wanted', 'in:also', 'in:with, comma']);
    await alice.client.removeAllChannels();
  });

  it('reports a binding it cannot serve in a system message, keeping the channel', async () => {
    const system: Array<{ extension: string; status: string; message: string }> = [];
    const channel = await subscribed(
      alice.client
        .channel(`pg-${table}-missing`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'not_published_anywhere' }, () => undefined)
        .on('system', {}, (payload: { extension: string; status: string; message: string }) => system.push(payload)),
    );
    await until('the system message', () => (system.length ? true : undefined));
    expect(system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(system[0]?.message).toMatch(/^Unable to subscribe to changes with given parameters/);
    expect(channel.state).toBe('joined');

    const ok: Array<{ status: string; message: string }> = [];
    await subscribed(
      alice.client
        .channel(`pg-${table}-ok`)
        .on('postgres_changes', { event: '*', schema: 'public', table }, () => undefined)
        .on('system', {}, (payload: { status: string; message: string }) => ok.push(payload)),
    );
    await until('the ok system message', () => (ok.length ? true : undefined));
    expect(ok[0]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });
    await alice.client.removeAllChannels();
  });
});
