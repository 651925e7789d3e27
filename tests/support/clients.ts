import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { stackInfo } from './stack-info.ts';

/** A supabase-js client as a Node caller makes it: no stored session, no timers, `ws` as the socket. */
export function client(key = stackInfo().anonKey): SupabaseClient {
  return createClient(stackInfo().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

export function serviceClient(): SupabaseClient {
  return client(stackInfo().serviceRoleKey);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
  accessToken: string;
}

/** Creates a confirmed user through the Auth admin API and signs in as them. */
export async function signedInUser(options: { appMetadata?: Record<string, unknown> } = {}): Promise<TestUser> {
  const email = `user-${randomUUID().slice(0, 8)}@contract.test`;
  const password = `pw-${randomUUID()}`;
  const created = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: options.appMetadata,
  });
  if (created.error) throw created.error;
  const userClient = client();
  const signedIn = await userClient.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return {
    id: created.data.user.id,
    email,
    password,
    client: userClient,
    accessToken: signedIn.data.session.access_token,
  };
}

/** Runs SQL as the project owner role `postgres`, like a migration would. */
export async function asPostgres<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stackInfo().dbUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Waits until PostgREST's schema cache shows a table created during a test. */
export async function waitForTable(table: string, key = stackInfo().serviceRoleKey): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${stackInfo().apiUrl}/rest/v1/${table}?limit=0`, { headers: { apikey: key } });
    if (response.status !== 404) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`table ${table} never appeared in the REST schema cache`);
}
