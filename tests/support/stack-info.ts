import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a running local stack publishes about itself in its `stack.json` (see supabase/stack/stack.ts). */
export interface StackInfo {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbUrl: string;
  adminDbUrl: string;
  mailOutboxDir: string;
  dataDir: string;
  pgPort: number;
  postgrestPort: number;
  demoPassword: string;
  demoLogins: string[];
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The stack the tests run against: the file named by STACK_INFO_FILE, else `.local/stack.json`. */
export function stackInfo(): StackInfo {
  const file = process.env.STACK_INFO_FILE ?? path.join(ROOT, '.local', 'stack.json');
  return JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
}
