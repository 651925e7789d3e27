import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { asPostgres, client, serviceClient } from '../../../../support/clients.ts';

export interface ThrowawayTenant {
  id: string;
  slug: string;
  depoIds: number[];
  admin: { id: string; email: string; password: string; client: SupabaseClient; accessToken: string };
  drop(): Promise<void>;
}

/** A tenant of its own for a test (flags and depos as asked) with one signed-in admin; drop() removes it all. */
export async function createThrowawayTenant(
  options: {
    flags?: Record<string, boolean | string | null>;
    depos?: number;
    countryCode?: string;
  } = {},
): Promise<ThrowawayTenant> {
  const slug = `zz-test-${randomUUID().slice(0, 8)}`;
  const flags = options.flags ?? {};
  const { id, depoIds } = await asPostgres(async (db) => {
    const columns = Object.keys(flags);
    const tenant = await db.query<{ id: string }>(
      `insert into public.tenants (slug, name, country_code${columns.map((c) => `, ${c}`).join('')})
       values ($1, $2, $3${columns.map((_c, i) => `, $${i + 4}`).join('')}) returning id`,
      [slug, `Test ${slug}`, options.countryCode ?? 'DK', ...Object.values(flags)],
    );
    const depos = await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title, address)
       select $1, 'Depo ' || n, 'Depovej ' || n || ', Testby' from generate_series(1, $2::int) n returning id`,
      [tenant.rows[0].id, options.depos ?? 2],
    );
    return { id: tenant.rows[0].id, depoIds: depos.rows.map((d) => Number(d.id)).sort((a, b) => a - b) };
  });

  const email = `admin-${slug}@contract.test`;
  const password = `pw-${randomUUID()}`;
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const userId = created.data.user.id;
  await asPostgres(async (db) => {
    await db.query(
      `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Test', 'Admin')`,
      [userId, email],
    );
    await db.query(`insert into public.tenant_memberships (tenant_id, user_id, role) values ($1, $2, 'admin')`, [
      id,
      userId,
    ]);
  });
  const adminClient = client();
  const signedIn = await adminClient.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;

  return {
    id,
    slug,
    depoIds,
    admin: { id: userId, email, password, client: adminClient, accessToken: signedIn.data.session.access_token },
    async drop() {
      await asPostgres(async (db) => {
        // Route points refer to depos without cascading: routes (and their points) go first.
        await db.query('delete from public.routes where tenant_id = $1', [id]);
        await db.query('delete from public.tenants where id = $1', [id]);
      });
      await serviceClient().auth.admin.deleteUser(userId);
    },
  };
}
