import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { createAuthService, type AuthServiceOverrides } from '../../../supabase/stack/auth/index.ts';
import type { StackConfig } from '../../../supabase/stack/shared/stack-config.ts';
import { stackInfo } from '../../support/stack-info.ts';

// The shared test stack runs with the project's config.toml (its hooks, sign-ups off). To test settings and
// hooks the project does not use, a test starts a second Auth service in its own process, on the same
// database, with overrides.
const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface AuthInstance {
  apiUrl: string;
  client(): SupabaseClient;
  /** POST /token?grant_type=password directly, to read bodies auth-js does not parse (5xx). */
  signInRaw(email: string, password: string): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

const running: AuthInstance[] = [];

/** Starts an Auth service on a free port; both hooks are off unless `overrides.hooks` names them. */
export async function startAuthInstance(overrides: AuthServiceOverrides = {}): Promise<AuthInstance> {
  const info = stackInfo();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const apiUrl = `http://127.0.0.1:${port}`;
  const asRole = (role: string) => info.adminDbUrl.replace(/\/\/supabase_admin:/, `//${role}:`);
  const config: StackConfig = {
    rootDir: ROOT,
    port,
    apiUrl,
    dataDir: info.dataDir,
    pgPort: info.pgPort,
    postgrestPort: info.postgrestPort,
    jwtSecret: info.jwtSecret,
    anonKey: info.anonKey,
    serviceRoleKey: info.serviceRoleKey,
    adminDbUrl: info.adminDbUrl,
    dbUrl: info.dbUrl,
    authDbUrl: asRole('supabase_auth_admin'),
    authenticatorDbUrl: asRole('authenticator'),
    mailOutboxDir: path.join(tmpdir(), `auth-contract-mail-${process.pid}`),
    siteUrl: apiUrl,
  };
  const service = await createAuthService(config, {
    ...overrides,
    hooks: { customAccessToken: null, passwordVerificationAttempt: null, ...overrides.hooks },
  });
  server.on('request', (req, res) => {
    void service.handle(req, res, (req.url ?? '/').slice('/auth/v1'.length) || '/');
  });
  const instance: AuthInstance = {
    apiUrl,
    client: () =>
      createClient(apiUrl, info.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as unknown as typeof WebSocket },
      }),
    signInRaw: async (email, password) => {
      const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email, password }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    },
  };
  running.push(instance);
  return instance;
}

/** Stops every instance this test file started (call from afterAll). */
export async function stopAuthInstances(): Promise<void> {
  for (const instance of running.splice(0)) await instance.close();
}
