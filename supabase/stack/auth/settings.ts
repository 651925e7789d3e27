import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { StackConfig } from '../shared/stack-config.ts';
import { parseGoDuration } from './duration.ts';

/** The Auth settings a project sets in `supabase/config.toml`, with the Supabase CLI's defaults. */
export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  /** Seconds a used refresh token may still be presented (concurrent tabs, lost responses). */
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  enableAnonymousSignIns: boolean;
  minimumPasswordLength: number;
  /** Character classes a password must contain (GoTrue's RequiredCharacters). */
  passwordRequiredCharacters: string[];
  emailEnabled: boolean;
  /** `[auth.email] enable_confirmations = false` (the CLI default) means sign-ups are confirmed at once. */
  mailerAutoconfirm: boolean;
  doubleConfirmChanges: boolean;
  /** Minimum gap between two e-mails of one kind to one user, in ms. */
  emailMaxFrequencyMs: number;
  otpLength: number;
  /** Seconds an e-mail link or code stays valid. */
  otpExpiry: number;
  phoneEnabled: boolean;
  smsAutoconfirm: boolean;
  rateLimits: RateLimitSettings;
  /** Wrong e-mail codes per address before its pending codes are void, and per IP before it is refused for a while. */
  codeAttempts: CodeAttemptSettings;
  hooks: HookSettings;
}

/** `[auth.rate_limit]` as the Supabase CLI defines it (counts per IP per 5 minutes, e-mails per hour). */
export interface RateLimitSettings {
  emailSent: number;
  tokenRefresh: number;
  signInSignUps: number;
  tokenVerifications: number;
}

export interface CodeAttemptSettings {
  perAddress: number;
  perIp: number;
  /** How long an IP over `perIp` is refused, in ms. */
  ipLockMs: number;
}

/** Postgres-function hooks, as `pg-functions://postgres/<schema>/<function>` URIs. */
export interface HookSettings {
  customAccessToken?: string;
  passwordVerificationAttempt?: string;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

const PASSWORD_REQUIREMENTS: Record<string, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

type Table = Record<string, unknown>;

function table(value: unknown): Table {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
}

/** config.toml values may be `env(NAME)`, as the Supabase CLI allows. */
function resolveEnv(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^env\((\w+)\)$/.exec(value.trim());
  return match ? process.env[match[1]] : value;
}

function str(t: Table, key: string): string | undefined {
  const value = resolveEnv(t[key]);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(t: Table, key: string): number | undefined {
  const value = resolveEnv(t[key]);
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function bool(t: Table, key: string): boolean | undefined {
  const value = resolveEnv(t[key]);
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function hookUri(hooks: Table, name: string): string | undefined {
  const hook = table(hooks[name]);
  if (bool(hook, 'enabled') !== true) return undefined;
  return str(hook, 'uri');
}

/** Reads `[auth]` from `<root>/supabase/config.toml`; a missing file or section gives the CLI's defaults. */
export function loadAuthSettings(config: StackConfig): AuthSettings {
  const file = path.join(config.rootDir, 'supabase', 'config.toml');
  const doc: Table = existsSync(file) ? table(parse(readFileSync(file, 'utf8'))) : {};
  const auth = table(doc.auth);
  const email = table(auth.email);
  const sms = table(auth.sms);
  const hooks = table(auth.hook);
  const rateLimit = table(auth.rate_limit);
  const redirects = auth.additional_redirect_urls;
  const requirements = str(auth, 'password_requirements') ?? '';
  return {
    siteUrl: str(auth, 'site_url') ?? config.siteUrl,
    additionalRedirectUrls: Array.isArray(redirects)
      ? redirects.map(resolveEnv).filter((u): u is string => typeof u === 'string' && u !== '')
      : [],
    jwtExpiry: num(auth, 'jwt_expiry') ?? 3600,
    refreshTokenRotation: bool(auth, 'enable_refresh_token_rotation') ?? true,
    refreshTokenReuseInterval: num(auth, 'refresh_token_reuse_interval') ?? 10,
    enableSignup: bool(auth, 'enable_signup') ?? true,
    enableAnonymousSignIns: bool(auth, 'enable_anonymous_sign_ins') ?? false,
    minimumPasswordLength: num(auth, 'minimum_password_length') ?? 6,
    passwordRequiredCharacters: PASSWORD_REQUIREMENTS[requirements] ?? [],
    emailEnabled: bool(email, 'enable_signup') ?? true,
    mailerAutoconfirm: !(bool(email, 'enable_confirmations') ?? false),
    doubleConfirmChanges: bool(email, 'double_confirm_changes') ?? true,
    emailMaxFrequencyMs: parseGoDuration(str(email, 'max_frequency') ?? '1s') ?? 1000,
    otpLength: num(email, 'otp_length') ?? 6,
    otpExpiry: num(email, 'otp_expiry') ?? 3600,
    phoneEnabled: bool(sms, 'enable_signup') ?? false,
    smsAutoconfirm: !(bool(sms, 'enable_confirmations') ?? false),
    rateLimits: {
      emailSent: num(rateLimit, 'email_sent') ?? 2,
      tokenRefresh: num(rateLimit, 'token_refresh') ?? 150,
      signInSignUps: num(rateLimit, 'sign_in_sign_ups') ?? 30,
      tokenVerifications: num(rateLimit, 'token_verifications') ?? 30,
    },
    codeAttempts: { perAddress: 5, perIp: 60, ipLockMs: 15 * 60_000 },
    hooks: {
      customAccessToken: hookUri(hooks, 'custom_access_token'),
      passwordVerificationAttempt: hookUri(hooks, 'password_verification_attempt'),
    },
  };
}
