import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { StackConfig } from '../shared/stack-config.ts';

/**
 * An online, consistent copy of the whole local database: Postgres's low-level base backup
 * (pg_backup_start / pg_backup_stop, the method pg_basebackup and Supabase's WAL-based PITR build on).
 * A logical `pg_dump` is not possible here: the only pg_dump a machine of this kind can install is
 * Debian's 15, which refuses a Postgres 17 server, and the npm Postgres packages ship no client tools.
 */
export const BACKUP_FORMAT = 'truckdesk-base-backup/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  serverVersion: string;
  /** The file beside this manifest, and its sha256 (checked before a restore). */
  archive: string;
  sha256: string;
  bytes: number;
  startLsn: string;
  stopLsn: string;
  /** Versions in supabase_migrations.schema_migrations: a restore refuses a database from migrations this clone lacks. */
  migrations: string[];
}

/** What a base backup leaves out, as pg_basebackup does: runtime state rebuilt at start (paths from the data folder). */
const EXCLUDED = [
  './postmaster.pid',
  './postmaster.opts',
  './backup_label',
  './tablespace_map',
  './.s.PGSQL.*',
  './pg_wal/*',
  './pg_replslot/*',
  './pg_stat_tmp/*',
  './pg_dynshmem/*',
  './pg_notify/*',
  './pg_serial/*',
  './pg_snapshots/*',
  './pg_subtrans/*',
  './base/pgsql_tmp*',
];

export async function backupDatabase(
  config: Pick<StackConfig, 'adminDbUrl' | 'dataDir'>,
  outFile: string,
): Promise<BackupManifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'truckdesk-backup-'));
  const db = new pg.Client({ connectionString: config.adminDbUrl, application_name: 'db_backup' });
  await db.connect();
  try {
    const version = (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
    const migrations = (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
    ).rows.map((r) => r.version);
    // A temporary slot holds every WAL segment from here on until this session ends, so none the copy needs is recycled.
    await db.query(`select pg_create_physical_replication_slot($1, true, true)`, [`db_backup_${process.pid}`]);
    const start = (await db.query<{ lsn: string }>(`select pg_backup_start('truckdesk', true)::text as lsn`)).rows[0]!
      .lsn;
    copyTree(config.dataDir, staging);
    const stop = (
      await db.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(
        `select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)`,
      )
    ).rows[0]!;
    // The WAL written during the copy (and the segment holding the stop point): the restored server replays it to a consistent state.
    await db.query('select pg_switch_wal()');
    const walDir = path.join(config.dataDir, 'pg_wal');
    for (const name of readdirSync(walDir)) {
      if (statSync(path.join(walDir, name)).isFile())
        copyFileSync(path.join(walDir, name), path.join(staging, 'pg_wal', name));
    }
    mkdirSync(path.join(staging, 'pg_wal', 'archive_status'), { recursive: true });
    writeFileSync(path.join(staging, 'backup_label'), stop.labelfile);
    if (stop.spcmapfile) writeFileSync(path.join(staging, 'tablespace_map'), stop.spcmapfile);

    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    execFileSync('tar', ['-C', staging, '-czf', path.resolve(outFile), '.']);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      serverVersion: version,
      archive: path.basename(outFile),
      sha256: await fileSha256(outFile),
      bytes: statSync(outFile).size,
      startLsn: start,
      stopLsn: stop.lsn,
      migrations,
    };
    writeFileSync(manifestPath(outFile), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await db.end().catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies the data folder while the server writes to it; the WAL copied afterwards repairs what changed meanwhile. */
function copyTree(from: string, to: string): void {
  const excludes = EXCLUDED.flatMap((pattern) => ['--exclude', pattern]);
  try {
    execFileSync(
      'bash',
      [
        '-c',
        'set -o pipefail; tar -C "$1" -cf - "${@:3}" . | tar -C "$2" -xf -',
        'copy',
        from,
        to,
        '--warning=no-file-changed',
        '--warning=no-file-removed',
        '--warning=no-file-ignored',
        ...excludes,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    // tar exits 1 when a file changed while it was read: expected here, and the WAL replay covers it.
    if ((error as { status?: number }).status !== 1) throw error;
  }
}

export function manifestPath(archive: string): string {
  return archive.replace(/\.tar\.gz$/, '') + '.manifest.json';
}

export function fileSha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
