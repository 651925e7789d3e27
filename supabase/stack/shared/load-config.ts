import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_JWT_SECRET, signApiKey } from './keys.ts';
import type { StackConfig } from './stack-config.ts';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface StackOptions {
  /** Gateway port; the other ports are derived from it so two stacks (dev and test) never collide. */
  port?: number;
  /** Data folder name under `.local/`, e.g. `db` for the product and `test-db` for the tests. */
  dataName?: string;
}

const PASSWORD = 'postgres';

export async function loadStackConfig(options: StackOptions = {}): Promise<StackConfig> {
  const port = options.port ?? Number(process.env.STACK_PORT ?? 54321);
  if (!Number.isInteger(port) || port < 1024 || port > 65000) {
    throw new Error(`STACK_PORT must be a whole number from 1024 to 65000, got ${String(port)}`);
  }
  const pgPort = port + 1;
  const postgrestPort = port + 2;
  const host = '127.0.0.1';
  const apiUrl = `http://${host}:${port}`;
  const jwtSecret = process.env.STACK_JWT_SECRET ?? LOCAL_JWT_SECRET;
  // The product's stack keeps `.local/db`; a stack on another port (tests, a second developer stack) keeps its own.
  const dataName = options.dataName ?? (port === 54321 ? 'db' : `db-${port}`);
  const dataDir = path.join(ROOT_DIR, '.local', dataName);
  const url = (user: string) => `postgresql://${user}:${PASSWORD}@${host}:${pgPort}/postgres`;
  return {
    rootDir: ROOT_DIR,
    port,
    apiUrl,
    dataDir,
    pgPort,
    postgrestPort,
    jwtSecret,
    anonKey: await signApiKey('anon', jwtSecret),
    serviceRoleKey: await signApiKey('service_role', jwtSecret),
    adminDbUrl: url('supabase_admin'),
    dbUrl: url('postgres'),
    authDbUrl: url('supabase_auth_admin'),
    authenticatorDbUrl: url('authenticator'),
    mailOutboxDir: path.join(ROOT_DIR, '.local', `${dataName}-mail`),
    siteUrl: apiUrl,
  };
}
