import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { stackInfo } from '../../support/stack-info.ts';
import { asPostgres, client, serviceClient, signedInUser, waitForTable, type TestUser } from '../../support/clients.ts';

// A throwaway table owned by the test, with the policy shape the product's migrations use.
const table = `rls_notes_${randomUUID().slice(0, 8)}`;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  await asPostgres((db) =>
    db.query(`
      create table public.${table} (
        id bigint generated always as identity primary key,
        owner_id uuid not null default auth.uid() references auth.users (id),
        body text not null
      );
      alter table public.${table} enable row level security;
      grant select, insert, update, delete on public.${table} to authenticated;
      grant all on public.${table} to service_role;
      create policy "owners read their notes" on public.${table} for select to authenticated using (owner_id = (select auth.uid()));
      create policy "owners write their notes" on public.${table} for insert to authenticated with check (owner_id = (select auth.uid()));
      create policy "owners change their notes" on public.${table} for update to authenticated using (owner_id = (select auth.uid()));
      create policy "owners delete their notes" on public.${table} for delete to authenticated using (owner_id = (select auth.uid()));
    `),
  );
  await waitForTable(table);
  [alice, bob] = await Promise.all([signedInUser(), signedInUser()]);
});

afterAll(async () => {
  await asPostgres((db) => db.query(`drop table if exists public.${table}`));
});

describe('REST through row-level security', () => {
  it('lets each user read and write only their own rows', async () => {
    const inserted = await alice.client.from(table).insert({ body: 'alice was here' }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ body: 'alice was here', owner_id: alice.id });

    expect((await alice.client.from(table).select('body')).data).toEqual([{ body: 'alice was here' }]);
    expect((await bob.client.from(table).select('body')).data).toEqual([]);

    const stolen = await bob.client.from(table).update({ body: 'bob edited' }).eq('id', inserted.data.id).select();
    expect(stolen.data).toEqual([]);
    const forged = await bob.client.from(table).insert({ body: 'as alice', owner_id: alice.id });
    expect(forged.error?.code).toBe('42501');
    expect(forged.status).toBe(403);
  });

  it('gives anon nothing: no grant on the table means a permission error, not an empty list', async () => {
    const result = await client().from(table).select('*');
    expect(result.error?.code).toBe('42501');
    expect(result.status).toBe(401);
  });

  it('lets the service role past RLS, as on Supabase', async () => {
    const result = await serviceClient().from(table).select('body');
    expect(result.error).toBeNull();
    expect(result.data?.length).toBeGreaterThanOrEqual(1);
  });

  it('pages with count=exact and Content-Range', async () => {
    await alice.client.from(table).insert([{ body: 'b' }, { body: 'c' }, { body: 'd' }]);
    const page = await alice.client.from(table).select('body', { count: 'exact' }).order('id').range(1, 2);
    expect(page.count).toBe(4);
    expect(page.data?.map((r) => r.body)).toEqual(['b', 'c']);
  });

  it('refuses a forged or an expired user token with 401 PGRST301', async () => {
    const { apiUrl, anonKey, jwtSecret } = stackInfo();
    const forged = alice.accessToken.slice(0, -4) + (alice.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const expired = await new SignJWT({ role: 'authenticated', sub: alice.id, aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(jwtSecret));
    for (const token of [forged, expired]) {
      const response = await fetch(`${apiUrl}/rest/v1/${table}`, {
        headers: { apikey: anonKey, authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: string }).code).toMatch(/^PGRST30/);
    }
  });
});
