import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import { AuthError } from './errors.ts';
import type { JsonObject } from './json-body.ts';
import { findUserById, type UserRow } from './users.ts';

export interface NewUser {
  id?: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  encryptedPassword: string | null;
  userMetadata: JsonObject;
  appMetadata: JsonObject;
  isAnonymous?: boolean;
  invited?: boolean;
}

/** A failing insert (usually a project trigger on auth.users) is reported as GoTrue reports it. */
export function savingUserFailed(cause: unknown): AuthError {
  const error = new AuthError(500, '', 'Database error saving new user');
  error.cause = cause;
  return error;
}

/** Inserts a row into auth.users; triggers the project hung on the table run here (as on Supabase). */
export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const id = user.id ?? randomUUID();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_user_meta_data,
       raw_app_meta_data, is_anonymous, invited_at, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6, $7, $8, $9,
       case when $10 then now() end, now(), now())`,
    [
      id,
      user.aud,
      user.role,
      user.email,
      user.phone,
      user.encryptedPassword ?? '',
      user.userMetadata,
      user.appMetadata,
      user.isAnonymous ?? false,
      user.invited ?? false,
    ],
  );
  const row = await findUserById(tx, id);
  if (!row) throw new Error(`user ${id} not found right after insert`);
  return row;
}

/** An identity row (provider `email` or `phone`), keyed like GoTrue by the user's id as provider_id. */
export async function insertIdentity(
  tx: Queryable,
  userId: string,
  provider: string,
  identityData: JsonObject,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now(), now())`,
    [randomUUID(), userId, userId, identityData, provider],
  );
}

/** Sets fields in an identity's data (e-mail verified, new address), creating the identity if missing. */
export async function upsertIdentityData(
  tx: Queryable,
  userId: string,
  provider: string,
  data: JsonObject,
): Promise<void> {
  const updated = await tx.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
     where user_id = $1 and provider = $2`,
    [userId, provider, data],
  );
  if (updated.rowCount === 0) {
    await insertIdentity(tx, userId, provider, { sub: userId, email_verified: false, phone_verified: false, ...data });
  }
}

/** GoTrue's Confirm: the e-mail counts as verified, and user_metadata says so. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1`,
    [userId],
  );
}

export async function confirmPhone(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()), confirmation_token = '',
       updated_at = now()
     where id = $1`,
    [userId],
  );
}

/** The `providers` list in app_metadata, recomputed from the user's identities. */
export async function refreshProviders(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb)
       || jsonb_build_object('providers', p.providers, 'provider', p.providers -> 0)
     from (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) as providers
           from auth.identities where user_id = $1) p
     where u.id = $1 and jsonb_array_length(p.providers) > 0`,
    [userId],
  );
}

/**
 * GoTrue's UpdatePassword: new hash, every pending e-mail/phone token cleared, and sessions ended: all of
 * them, or all but the caller's when `keepSessionId` is given.
 */
export async function updatePassword(
  tx: Queryable,
  userId: string,
  encryptedPassword: string,
  keepSessionId: string | undefined,
): Promise<void> {
  await tx.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
       recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
       email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
       reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1`,
    [userId, encryptedPassword],
  );
  if (keepSessionId) {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepSessionId]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}
