import { randomUUID } from 'node:crypto';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { client, serviceClient } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';

export { client, serviceClient };

/** A unique address per test, so tests never share users. */
export function uniqueEmail(prefix = 'auth'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@auth-contract.test`;
}

export function uniquePassword(): string {
  return `pw-${randomUUID()}`;
}

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
}

/** Creates a user through the admin API (service role), confirmed unless asked otherwise. */
export async function createUser(
  options: { confirmed?: boolean; userMetadata?: Record<string, unknown>; appMetadata?: Record<string, unknown> } = {},
): Promise<CreatedUser> {
  const email = uniqueEmail();
  const password = uniquePassword();
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: options.confirmed ?? true,
    user_metadata: options.userMetadata,
    app_metadata: options.appMetadata,
  });
  if (error) throw error;
  return { id: data.user.id, email, password };
}

export interface SignedIn {
  client: SupabaseClient;
  session: Session;
}

/** Signs in on a fresh client (each client is one "device" with its own session). */
export async function signIn(user: CreatedUser, password = user.password): Promise<SignedIn> {
  const c = client();
  const { data, error } = await c.auth.signInWithPassword({ email: user.email, password });
  if (error) throw error;
  return { client: c, session: data.session };
}

/** Calls the Auth API through the gateway with the anon key, as a browser would without supabase-js. */
export function authFetch(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', stackInfo().anonKey);
  return fetch(`${stackInfo().apiUrl}/auth/v1${pathAndQuery}`, { ...init, headers });
}

/** Runs SQL as the superuser, for what a test must arrange behind the API's back (e.g. age a token). */
export async function asAdmin<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** How many sessions a user has in auth.sessions. */
export function sessionCount(userId: string): Promise<number> {
  return asAdmin(async (db) => {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [
      userId,
    ]);
    return rows[0].n;
  });
}

export { jwtPayload } from '../../support/jwt-payload.ts';
export { latestMail, type OutboxMail } from '../../support/mail-outbox.ts';
