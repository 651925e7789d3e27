import { randomBytes } from 'node:crypto';
import type { AuthContext } from './context.ts';
import { type Tx, withTransaction } from './db.ts';
import { parseGoDuration } from './duration.ts';
import { AuthError, badRequest, notFound, unprocessable } from './errors.ts';
import { booleanField, type JsonObject, optionalObject, optionalString, stringField } from './json-body.ts';
import { checkPasswordLength, checkPasswordStrength, hashPassword, isBcryptHash } from './passwords.ts';
import { deleteAllSessions } from './sessions.ts';
import {
  confirmEmail,
  confirmPhone,
  insertIdentity,
  insertUser,
  updatePassword,
  upsertIdentityData,
} from './user-records.ts';
import {
  findUserById,
  findUserByPhone,
  findUserWithEmail,
  loadIdentities,
  loadUserJson,
  mergeMetadata,
  USER_COLUMNS,
  type UserRow,
  userJson,
} from './users.ts';
import { isUuid, validateEmail, validatePhone } from './validation.ts';

/** The body of POST/PUT /admin/users (GoTrue's AdminUserParams). */
interface AdminUserParams {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  password: string | undefined;
  passwordHash: string;
  emailConfirm: boolean;
  phoneConfirm: boolean;
  userMetadata: JsonObject | undefined;
  appMetadata: JsonObject | undefined;
  /** Milliseconds; 0 lifts a ban. Undefined leaves it alone. */
  banMs: number | undefined;
}

function readParams(body: JsonObject): AdminUserParams {
  const banDuration = stringField(body, 'ban_duration');
  let banMs: number | undefined;
  if (banDuration !== '') {
    banMs = banDuration === 'none' ? 0 : parseGoDuration(banDuration);
    if (banMs === undefined) {
      throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${banDuration}"`);
    }
  }
  return {
    id: stringField(body, 'id'),
    aud: stringField(body, 'aud'),
    role: stringField(body, 'role'),
    email: stringField(body, 'email'),
    phone: stringField(body, 'phone'),
    password: optionalString(body, 'password'),
    passwordHash: stringField(body, 'password_hash'),
    emailConfirm: booleanField(body, 'email_confirm'),
    phoneConfirm: booleanField(body, 'phone_confirm'),
    userMetadata: optionalObject(body, 'user_metadata'),
    appMetadata: optionalObject(body, 'app_metadata'),
    banMs,
  };
}

async function ban(tx: Tx, userId: string, banMs: number): Promise<void> {
  await tx.query(
    `update auth.users set banned_until = case when $2::float8 = 0 then null
       else now() + make_interval(secs => $2::float8 / 1000) end, updated_at = now()
     where id = $1`,
    [userId, banMs],
  );
}

/** Wraps an unexpected database failure the way GoTrue reports it, keeping the cause for the log. */
function databaseError(message: string, cause: unknown): AuthError {
  if (cause instanceof AuthError) return cause;
  const error = new AuthError(500, '', message);
  error.cause = cause;
  return error;
}

/** `GET /admin/users/<id>` loads the user or answers GoTrue's 404s. */
export async function loadAdminTarget(ctx: AuthContext, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function adminGetUser(ctx: AuthContext, id: string): Promise<JsonObject> {
  const user = await loadAdminTarget(ctx, id);
  return userJson(user, await loadIdentities(ctx.db, user.id));
}

/** `POST /admin/users`: any e-mail or phone, confirmed on request, never an e-mail sent. */
export async function adminCreateUser(ctx: AuthContext, body: JsonObject): Promise<JsonObject> {
  const params = readParams(body);
  const aud = params.aud || ctx.aud;
  if (params.email === '' && params.phone === '') {
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  }
  const providers: string[] = [];
  let email: string | null = null;
  let phone: string | null = null;
  if (params.email !== '') {
    email = validateEmail(params.email);
    if (await findUserWithEmail(ctx.db, email, aud)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    providers.push('email');
  }
  if (params.phone !== '') {
    phone = validatePhone(params.phone);
    if (await findUserByPhone(ctx.db, phone, aud)) {
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
    }
    providers.push('phone');
  }
  if (params.password !== undefined && params.passwordHash !== '') {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  }
  if (params.passwordHash !== '' && !isBcryptHash(params.passwordHash)) {
    throw badRequest('validation_failed', 'Invalid password hash: only bcrypt hashes ($2a$, $2b$, $2y$) are supported');
  }
  let encryptedPassword = params.passwordHash;
  if (encryptedPassword === '') {
    // No password given: a random one nobody knows, as GoTrue does (the user signs in by link or gets one set).
    const password = params.password || randomBytes(48).toString('base64url');
    checkPasswordLength(password);
    encryptedPassword = await hashPassword(ctx.db, password);
  }
  if (params.id !== '') {
    if (!isUuid(params.id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
    if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(params.id)) throw badRequest('validation_failed', 'ID cannot be a nil uuid');
  }

  const userId = await withTransaction(ctx.db, async (tx) => {
    try {
      const user = await insertUser(tx, {
        id: params.id || undefined,
        aud,
        role: params.role.trim() || 'authenticated',
        email,
        phone,
        encryptedPassword,
        userMetadata: params.userMetadata ?? {},
        appMetadata: mergeMetadata({ provider: providers[0], providers }, params.appMetadata ?? {}),
      });
      if (email)
        await insertIdentity(tx, user.id, 'email', {
          sub: user.id,
          email,
          email_verified: false,
          phone_verified: false,
        });
      if (phone)
        await insertIdentity(tx, user.id, 'phone', {
          sub: user.id,
          phone,
          email_verified: false,
          phone_verified: false,
        });
      if (params.emailConfirm) await confirmEmail(tx, user.id);
      if (params.phoneConfirm) await confirmPhone(tx, user.id);
      if (params.banMs !== undefined) await ban(tx, user.id, params.banMs);
      return user.id;
    } catch (error) {
      throw databaseError('Database error creating new user', error);
    }
  });
  return (await loadUserJson(ctx.db, userId)) ?? {};
}

/** `PUT /admin/users/<id>`: a new password ends all the user's sessions; `ban_duration` bans or ("none") lifts. */
export async function adminUpdateUser(ctx: AuthContext, id: string, body: JsonObject): Promise<JsonObject> {
  const user = await loadAdminTarget(ctx, id);
  const params = readParams(body);
  const email = params.email !== '' ? validateEmail(params.email) : '';
  const phone = params.phone !== '' ? validatePhone(params.phone) : '';
  if (email !== '' && email !== user.email && (await findUserWithEmail(ctx.db, email, user.aud ?? ctx.aud, user.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (phone !== '' && phone !== user.phone) {
    const other = await findUserByPhone(ctx.db, phone, user.aud ?? ctx.aud);
    if (other && other.id !== user.id)
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
  }
  let encryptedPassword: string | undefined;
  if (params.password !== undefined) {
    checkPasswordStrength(ctx.settings, params.password);
    encryptedPassword = params.password === '' ? '' : await hashPassword(ctx.db, params.password);
  }

  await withTransaction(ctx.db, async (tx) => {
    try {
      if (params.role !== '') {
        await tx.query('update auth.users set role = $2, updated_at = now() where id = $1', [
          user.id,
          params.role.trim(),
        ]);
      }
      if (params.emailConfirm) await confirmEmail(tx, user.id);
      if (params.phoneConfirm) await confirmPhone(tx, user.id);
      if (encryptedPassword !== undefined) await updatePassword(tx, user.id, encryptedPassword, undefined);
      if (email !== '') {
        await upsertIdentityData(tx, user.id, 'email', { email, email_verified: params.emailConfirm });
        await tx.query(
          `update auth.users set email = $2, is_anonymous = is_anonymous and not $3, updated_at = now() where id = $1`,
          [user.id, email, params.emailConfirm],
        );
      }
      if (phone !== '') {
        await upsertIdentityData(tx, user.id, 'phone', { phone, phone_verified: params.phoneConfirm });
        await tx.query(
          `update auth.users set phone = $2, is_anonymous = is_anonymous and not $3, updated_at = now() where id = $1`,
          [user.id, phone, params.phoneConfirm],
        );
      }
      if (params.appMetadata || params.userMetadata) {
        const current = (await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [user.id]))
          .rows[0];
        if (params.appMetadata) {
          await tx.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
            user.id,
            mergeMetadata(current.raw_app_meta_data, params.appMetadata),
          ]);
        }
        if (params.userMetadata) {
          await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
            user.id,
            mergeMetadata(current.raw_user_meta_data, params.userMetadata),
          ]);
        }
      }
      if (params.banMs !== undefined) await ban(tx, user.id, params.banMs);
    } catch (error) {
      throw databaseError('Error updating user', error);
    }
  });
  return (await loadUserJson(ctx.db, user.id)) ?? {};
}

/** `DELETE /admin/users/<id>` `{should_soft_delete}`: removes the user (cascading) or anonymises it. */
export async function adminDeleteUser(ctx: AuthContext, id: string, body: JsonObject): Promise<JsonObject> {
  const user = await loadAdminTarget(ctx, id);
  const soft = booleanField(body, 'should_soft_delete');
  await withTransaction(ctx.db, async (tx) => {
    try {
      if (!soft) {
        await tx.query('delete from auth.users where id = $1', [user.id]);
        return;
      }
      if (user.deleted_at) return;
      // GoTrue's SoftDeleteUser: the row stays (for foreign keys) but can no longer be found or signed in.
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
           confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '',
           email_change = '', phone_change = '', raw_user_meta_data = '{}'::jsonb,
           raw_app_meta_data = jsonb_build_object('provider', raw_app_meta_data -> 'provider'), updated_at = now()
         where id = $1`,
        [user.id],
      );
      await tx.query('delete from auth.identities where user_id = $1', [user.id]);
      await tx.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
      await deleteAllSessions(tx, user.id);
    } catch (error) {
      throw databaseError(soft ? 'Error soft deleting user' : 'Database error deleting user', error);
    }
  });
  return {};
}
