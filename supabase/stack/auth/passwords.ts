import type { Queryable } from './db.ts';
import { badRequest, WeakPasswordError } from './errors.ts';
import type { AuthSettings } from './settings.ts';

/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than silently truncating. */
const MAX_PASSWORD_LENGTH = 72;

/** bcrypt with cost 10 (`$2a$10$`, as GoTrue writes), computed by pgcrypto in the database. */
export async function hashPassword(db: Queryable, password: string): Promise<string> {
  const result = await db.query<{ hash: string }>(
    `select extensions.crypt($1, extensions.gen_salt('bf', 10)) as hash`,
    [password],
  );
  return result.rows[0].hash;
}

/**
 * Compares a password with a stored bcrypt hash. pgcrypto only knows the `$2a$` prefix; `$2b$` and `$2y$`
 * (other bcrypt libraries) hash identically, so they are compared under `$2a$`.
 */
export async function verifyPassword(db: Queryable, password: string, hash: string | null): Promise<boolean> {
  if (!hash || !isBcryptHash(hash)) return false;
  const normalised = `$2a$${hash.slice(4)}`;
  const result = await db.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', [password, normalised]);
  return result.rows[0].ok === true;
}

export function isBcryptHash(hash: string): boolean {
  return /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash);
}

/** Rejects passwords bcrypt cannot take (GoTrue checks this before anything else). */
export function checkPasswordLength(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
}

/** The weakness of a password, or undefined when it meets the project's rules (GoTrue's checkPasswordStrength). */
export function passwordWeakness(settings: AuthSettings, password: string): WeakPasswordError | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < settings.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${settings.minimumPasswordLength} characters.`);
  }
  const sets = settings.passwordRequiredCharacters;
  if (sets.some((set) => set !== '' && ![...password].some((char) => set.includes(char)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length > 0 ? new WeakPasswordError(messages.join(' '), reasons) : undefined;
}

/** Throws when a new password is too long or too weak. */
export function checkPasswordStrength(settings: AuthSettings, password: string): void {
  checkPasswordLength(password);
  const weakness = passwordWeakness(settings, password);
  if (weakness) throw weakness;
}
