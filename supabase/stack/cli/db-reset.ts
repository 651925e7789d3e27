// `npm run db:reset`: throws the local database away and rebuilds it from the platform bootstrap,
// the migrations and the demo data. Refuses while a stack is using it.
import { rmSync } from 'node:fs';
import { startStack } from '../stack.ts';
import { loadStackConfig } from '../shared/load-config.ts';
import { assertPortFree } from '../shared/port-check.ts';
import { log } from '../shared/log.ts';

async function main(): Promise<void> {
  const config = await loadStackConfig();
  await assertPortFree(config.pgPort, 'Postgres').catch(() => {
    throw new Error(`The stack on port ${config.port} is running: stop it (Ctrl-C) before resetting its database.`);
  });
  rmSync(config.dataDir, { recursive: true, force: true });
  rmSync(config.mailOutboxDir, { recursive: true, force: true });
  const stack = await startStack();
  log('stack', `database rebuilt in ${(stack.readyMs / 1000).toFixed(1)} s`);
  await stack.stop();
}

main().catch((error: unknown) => {
  log('stack', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
