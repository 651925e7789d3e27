import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';

export interface ProcessIds {
  uid: number;
  gid: number;
}

/**
 * Postgres refuses to run as root, and CI and fresh machines run as root: there the server runs as
 * an OS user `postgres`, created on first use. As any other user it runs as that user.
 */
export function postgresProcessIds(): ProcessIds | undefined {
  if (userInfo().uid !== 0) return undefined;
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    return lookup();
  }
}

/** Hands a folder tree to the Postgres OS user. */
export function chownTree(dir: string, ids: ProcessIds): void {
  chownSync(dir, ids.uid, ids.gid);
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) chownTree(full, ids);
    else chownSync(full, ids.uid, ids.gid);
  }
}

/**
 * The Postgres OS user must pass through every folder above the project to reach the binaries and the data
 * folder. A clone inside a private folder (mktemp -d, a 700 home) would stop it, so each such folder gets the
 * search bit for others: entering, not listing or reading. Returns the folders it changed.
 */
export function letPostgresReach(target: string): string[] {
  const changed: string[] = [];
  let dir = path.resolve(target);
  for (;;) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, (mode & 0o7777) | 0o001);
      changed.push(dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return changed;
    dir = parent;
  }
}
