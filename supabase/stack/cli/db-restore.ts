// `npm run db:restore <file.tar.gz>`: replaces the database of the stack on STACK_PORT (stopped) with a backup made
// by `npm run db:backup`, then starts it once to replay the backup's WAL and stops it. `npm start` then serves it.
import path from 'node:path';
import { checkedManifest, unpackBackup } from '../postgres/restore-backup.ts';
import { startStack } from '../stack.ts';
import { loadStackConfig } from '../shared/load-config.ts';
import { assertPortFree } from '../shared/port-check.ts';
import { log } from '../shared/log.ts';

async function main(): Promise<void> {
  const archive = process.argv[2];
  if (!archive) throw new Error('Usage: npm run db:restore <backup.tar.gz>');
  const config = await loadStackConfig();
  await assertPortFree(config.pgPort, 'Postgres').catch(() => {
    throw new Error(`The stack on port ${config.port} is running: stop it (Ctrl-C) before restoring into it.`);
  });
  const manifest = await checkedManifest(archive, path.join(config.rootDir, 'supabase', 'migrations'));
  unpackBackup(archive, config.dataDir);
  const stack = await startStack({ seed: false });
  log(
    'stack',
    `restored the backup of ${manifest.createdAt} into ${path.relative(config.rootDir, config.dataDir)} ` +
      `(ready in ${(stack.readyMs / 1000).toFixed(1)} s)`,
  );
  await stack.stop();
}

main().catch((error: unknown) => {
  log('stack', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
