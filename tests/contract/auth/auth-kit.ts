import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
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

/** Decodes a JWT payload without verifying it. */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

export interface OutboxMail {
  type: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  link: string;
  token: string;
  token_hash: string;
  redirect_to: string;
  sent_at: string;
}

/** The newest e-mail of a kind to an address in the stack's mail outbox (waits briefly for it). */
export async function latestMail(to: string, type: string, timeoutMs = 3000): Promise<OutboxMail> {
  const dir = stackInfo().mailOutboxDir;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const mails: OutboxMail[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMail;
      if (mail.to === to && mail.type === type) mails.push(mail);
    }
    mails.sort((a, b) => a.sent_at.localeCompare(b.sent_at));
    if (mails.length > 0) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no ${type} mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [userId]);
    return rows[0].n;
  });
}
