import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BACKUP_FORMAT, fileSha256, manifestPath, type BackupManifest } from './base-backup.ts';
import { chownTree, postgresProcessIds } from './os-user.ts';

/** Reads and checks a backup's manifest and archive: the format, the checksum, and migrations this clone knows. */
export async function checkedManifest(archive: string, migrationsDir: string): Promise<BackupManifest> {
  const file = manifestPath(archive);
  if (!existsSync(archive)) throw new Error(`No backup at ${archive}`);
  if (!existsSync(file))
    throw new Error(`The manifest ${file} is missing: a backup is restored only with its manifest.`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not a ${BACKUP_FORMAT} manifest.`);
  if ((await fileSha256(archive)) !== manifest.sha256)
    throw new Error(`${archive} does not match its manifest's checksum: the file is damaged.`);
  const known = new Set(readdirSync(migrationsDir).map((name) => name.split('_')[0]));
  const unknown = manifest.migrations.filter((version) => !known.has(version));
  if (unknown.length)
    throw new Error(
      `The backup was made with migrations this clone lacks (${unknown.join(', ')}): restore it from a checkout that has them.`,
    );
  return manifest;
}

/**
 * Unpacks a base backup as the data folder of a stack that is not running. At its next start Postgres reads the
 * backup label and replays the copied WAL to the moment the backup ended; the stack then applies migrations newer
 * than the backup, as it does at every start.
 */
export function unpackBackup(archive: string, dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  execFileSync('tar', ['-C', dataDir, '-xzf', path.resolve(archive)]);
  const ids = postgresProcessIds();
  if (ids) chownTree(dataDir, ids);
  execFileSync('chmod', ['-R', 'go-rwx', dataDir]);
}
