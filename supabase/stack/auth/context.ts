import type { StackConfig } from '../shared/stack-config.ts';
import type { Db } from './db.ts';
import type { CodeAttempts } from './code-attempts.ts';
import type { AuthHooks } from './hooks.ts';
import type { AuthLimiters } from './rate-limit.ts';
import type { AuthSettings } from './settings.ts';

/** What every handler needs: the stack's config, the project's Auth settings and the database. */
export interface AuthContext {
  config: StackConfig;
  settings: AuthSettings;
  db: Db;
  /** HS256 key shared with PostgREST and Realtime. */
  secret: Uint8Array;
  /** `iss` of every access token: the external URL of this service. */
  issuer: string;
  /** The audience of users and tokens (GoTrue's JWT_AUD). */
  aud: string;
  /** Roles whose tokens may call the admin API. */
  adminRoles: string[];
  /** Enabled Postgres-function hooks (config.toml, or overrides for tests). */
  hooks: AuthHooks;
  /** Per-IP request limits of the rate-limited endpoints. */
  limiters: AuthLimiters;
  /** Wrong one-time codes, per address and per IP. */
  codeAttempts: CodeAttempts;
}
