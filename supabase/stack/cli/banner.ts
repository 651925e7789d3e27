import { readFileSync } from 'node:fs';
import type { RunningStack } from '../stack.ts';

/** What a newcomer needs after `npm start`: where the app is, the keys, the database and the demo logins. */
export function printBanner(stack: RunningStack): void {
  const info = JSON.parse(readFileSync(stack.infoFile, 'utf8')) as { demoLogins: string[]; demoPassword: string };
  const { config } = stack;
  const lines = [
    '',
    `  The product is running (ready in ${(stack.readyMs / 1000).toFixed(1)} s).`,
    '',
    `  App and API URL   ${config.apiUrl}`,
    `  anon key          ${config.anonKey}`,
    `  service_role key  ${config.serviceRoleKey}`,
    `  Database URL      ${config.dbUrl}`,
    `  Mail outbox       ${config.mailOutboxDir}`,
    `  Written to        ${stack.infoFile}`,
    '',
    info.demoLogins.length ? `  Demo logins (password "${info.demoPassword}"):` : '  No demo logins in this database.',
    ...info.demoLogins.map((email) => `    ${email}`),
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
