import type { Queryable } from './db.ts';
import type { JsonObject } from './json-body.ts';

/** One row of auth.users, as the stand-in reads it. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  reauthentication_sent_at: Date | null;
  banned_until: Date | null;
  is_sso_user: boolean;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_token, confirmation_sent_at, recovery_token, recovery_sent_at, email_change_token_new,
  email_change_token_current, email_change, email_change_sent_at, email_change_confirm_status, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at, phone_change,
  phone_change_sent_at, confirmed_at, reauthentication_sent_at, banned_until, is_sso_user, deleted_at, is_anonymous`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return result.rows[0];
}

/** GoTrue's FindUserByEmailAndAudience: case-insensitive, SSO accounts excluded. */
export async function findUserByEmail(db: Queryable, email: string, aud: string): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
     where lower(email) = lower($1) and aud = $2 and is_sso_user = false
     order by created_at limit 1`,
    [email, aud],
  );
  return result.rows[0];
}

export async function findUserByPhone(db: Queryable, phone: string, aud: string): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where phone = $1 and aud = $2 and is_sso_user = false limit 1`,
    [phone, aud],
  );
  return result.rows[0];
}

/**
 * GoTrue's IsDuplicatedEmail: another user in the audience already owns an identity with this e-mail
 * (or, for users created by hand without identities, the e-mail itself).
 */
export async function findUserWithEmail(
  db: Queryable,
  email: string,
  aud: string,
  exceptUserId?: string,
): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u
     where u.aud = $2 and u.is_sso_user = false and u.id is distinct from $3::uuid
       and (lower(u.email) = lower($1)
            or exists (select 1 from auth.identities i where i.user_id = u.id and i.email = lower($1)))
     limit 1`,
    [email, aud, exceptUserId ?? null],
  );
  return result.rows[0];
}

export async function loadIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const result = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return result.rows;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

export function hasPassword(user: UserRow): boolean {
  return typeof user.encrypted_password === 'string' && user.encrypted_password !== '';
}

export function isEmailConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

const iso = (date: Date | null): string | undefined => (date ? date.toISOString() : undefined);

function identityJson(identity: IdentityRow): JsonObject {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

/** The user object GoTrue returns (models.User's JSON): optional timestamps are left out when unset. */
export function userJson(user: UserRow, identities: IdentityRow[]): JsonObject {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: iso(user.phone_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at) ?? new Date(0).toISOString(),
    updated_at: iso(user.updated_at) ?? new Date(0).toISOString(),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
}

/** Reads a user with identities and renders it; undefined when the user is gone. */
export async function loadUserJson(db: Queryable, id: string): Promise<JsonObject | undefined> {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  return userJson(user, await loadIdentities(db, id));
}

/** GoTrue's UpdateUserMetaData/UpdateAppMetaData: merge keys, a null value removes the key. */
export function mergeMetadata(current: JsonObject | null, updates: JsonObject): JsonObject {
  const merged: JsonObject = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
