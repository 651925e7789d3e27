// `npm run db:backup [file.tar.gz]`: an online backup of the running local database (STACK_PORT picks the stack)
// into backups/ by default, with a manifest beside it. See docs/resilience.md, "Backup and restore".
import path from 'node:path';
import { backupDatabase } from '../postgres/base-backup.ts';
import { loadStackConfig } from '../shared/load-config.ts';
import { assertPortFree } from '../shared/port-check.ts';
import { log } from '../shared/log.ts';

async function main(): Promise<void> {
  const config = await loadStackConfig();
  const running = await assertPortFree(config.pgPort, 'Postgres').then(
    () => false,
    () => true,
  );
  if (!running) throw new Error(`No stack is running on port ${config.port}: start it (npm start) and back up again.`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = process.argv[2] ?? path.join(config.rootDir, 'backups', `truckdesk-${config.port}-${stamp}.tar.gz`);
  if (!out.endsWith('.tar.gz')) throw new Error('The backup file name must end in .tar.gz');
  const started = Date.now();
  const manifest = await backupDatabase(config, out);
  log(
    'stack',
    `${out} (${(manifest.bytes / 1e6).toFixed(1)} MB, ${manifest.migrations.length} migrations, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s); manifest ${out.replace(/\.tar\.gz$/, '.manifest.json')}`,
  );
}

main().catch((error: unknown) => {
  log('stack', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
