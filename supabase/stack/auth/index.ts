import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService } from '../shared/service.ts';
import type { StackConfig } from '../shared/stack-config.ts';
import { log } from '../shared/log.ts';
import type { AuthContext } from './context.ts';
import { createPool } from './db.ts';
import { AuthError, OAuthError, sendError } from './errors.ts';
import { type AuthHooks, parsePgHookUri } from './hooks.ts';
import { CodeAttempts } from './code-attempts.ts';
import { createLimiters } from './rate-limit.ts';
import { routeRequest } from './router.ts';
import { type AuthSettings, loadAuthSettings } from './settings.ts';

/** Test and tooling overrides; a hook URI of `null` switches a hook off whatever config.toml says. */
export interface AuthServiceOverrides {
  hooks?: {
    customAccessToken?: string | null;
    passwordVerificationAttempt?: string | null;
  };
  settings?: Partial<Omit<AuthSettings, 'hooks'>>;
}

function pick(override: string | null | undefined, configured: string | undefined): string | undefined {
  if (override === null) return undefined;
  return override ?? configured;
}

/**
 * The Auth (GoTrue) stand-in: the HTTP API `@supabase/auth-js` speaks, on the `auth` schema, as the
 * `supabase_auth_admin` role. `handle` gets paths with the `/auth/v1` prefix already removed.
 */
export async function createAuthService(
  config: StackConfig,
  overrides: AuthServiceOverrides = {},
): Promise<HttpService> {
  const loaded = loadAuthSettings(config);
  const settings: AuthSettings = { ...loaded, ...overrides.settings, hooks: loaded.hooks };
  const customAccessToken = pick(overrides.hooks?.customAccessToken, loaded.hooks.customAccessToken);
  const passwordVerificationAttempt = pick(
    overrides.hooks?.passwordVerificationAttempt,
    loaded.hooks.passwordVerificationAttempt,
  );
  settings.hooks = { customAccessToken, passwordVerificationAttempt };
  const hooks: AuthHooks = {
    customAccessToken: customAccessToken ? parsePgHookUri(customAccessToken) : undefined,
    passwordVerificationAttempt: passwordVerificationAttempt ? parsePgHookUri(passwordVerificationAttempt) : undefined,
  };
  const ctx: AuthContext = {
    config,
    settings,
    db: createPool(config.authDbUrl),
    secret: new TextEncoder().encode(config.jwtSecret),
    issuer: `${config.apiUrl}/auth/v1`,
    aud: 'authenticated',
    adminRoles: ['service_role', 'supabase_admin'],
    hooks,
    limiters: createLimiters(settings.rateLimits),
    codeAttempts: new CodeAttempts(settings.codeAttempts),
  };
  for (const [name, hook] of Object.entries(hooks)) {
    if (hook) log('auth', `hook ${name}: ${hook.uri}`);
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
      try {
        await routeRequest(ctx, req, res, path);
      } catch (error) {
        if (error instanceof AuthError || error instanceof OAuthError) {
          if (error instanceof AuthError && error.status >= 500) logFailure(req, path, error);
          sendError(req, res, error);
          return;
        }
        logFailure(req, path, error);
        sendError(
          req,
          res,
          new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
        );
      }
    },
    async close(): Promise<void> {
      await ctx.db.end();
    },
  };
}

/** Server-side failures go to the stack log: an expected one (a failing hook) briefly, a bug with its stack. */
function logFailure(req: IncomingMessage, path: string, error: unknown): void {
  const where = `${req.method} ${path.split('?')[0]}`;
  if (error instanceof AuthError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    log('auth', `${where}: ${error.message}${cause}`);
    return;
  }
  log('auth', `${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}
