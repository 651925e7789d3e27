// Staff users built for a test with the service role (never the demo logins, which other tests rely on): an Auth
// user, their shared profile, and memberships in any tenants, written directly as the project owner.
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { asPostgres, client, serviceClient } from '../../../../support/clients.ts';
import { stackInfo } from '../../../../support/stack-info.ts';

export interface Membership {
  tenant: string;
  role: 'admin' | 'depo_admin' | 'support' | 'driver';
  depoIds?: number[];
}

export interface StaffUser {
  id: string;
  email: string;
  password: string;
}

const made: string[] = [];

export async function tenantIdOf(slug: string): Promise<string> {
  return asPostgres(
    async (db) => (await db.query<{ id: string }>('select id from public.tenants where slug = $1', [slug])).rows[0].id,
  );
}

export async function depoIdsOf(slug: string): Promise<number[]> {
  return asPostgres(async (db) =>
    (
      await db.query<{ id: string }>(
        'select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = $1 order by d.id',
        [slug],
      )
    ).rows.map((r) => Number(r.id)),
  );
}

export async function userIdOf(email: string): Promise<string> {
  return asPostgres(
    async (db) => (await db.query<{ id: string }>('select id from auth.users where email = $1', [email])).rows[0].id,
  );
}

/** A confirmed user with a profile and these memberships; removed by `removeStaffUsers`. */
export async function makeStaffUser(label: string, memberships: Membership[]): Promise<StaffUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@identity.test`;
  const password = `pw-${randomUUID().slice(0, 12)}`;
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  made.push(id);
  await asPostgres(async (db) => {
    await db.query('begin');
    await db.query(
      `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Ida', $3)`,
      [id, email, label],
    );
    for (const m of memberships) {
      await db.query(
        `insert into public.tenant_memberships (tenant_id, user_id, role) select id, $2, $3 from public.tenants where slug = $1`,
        [m.tenant, id, m.role],
      );
      for (const depoId of m.depoIds ?? []) {
        await db.query(
          `insert into public.membership_depos (tenant_id, user_id, depo_id) select id, $2, $3 from public.tenants where slug = $1`,
          [m.tenant, id, depoId],
        );
      }
    }
    await db.query('commit');
  });
  return { id, email, password };
}

export async function removeStaffUsers(): Promise<void> {
  for (const id of made.splice(0)) {
    const { error } = await serviceClient().auth.admin.deleteUser(id);
    if (error) throw error;
  }
}

export async function signIn(email: string, password = stackInfo().demoPassword): Promise<SupabaseClient> {
  const signedIn = client();
  const { error } = await signedIn.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email}: ${error.message}`);
  return signedIn;
}

/** Whether these credentials still sign in. */
export async function canSignIn(email: string, password: string): Promise<boolean> {
  const { error } = await client().auth.signInWithPassword({ email, password });
  return error === null;
}

/** The status and JSON body of a function call that failed. */
export async function failureOf(result: {
  error: unknown;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!(result.error instanceof FunctionsHttpError))
    throw new Error(`expected an HTTP failure, got ${String(result.error)}`);
  const response = result.error.context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
