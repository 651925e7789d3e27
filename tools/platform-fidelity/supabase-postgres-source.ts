import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * A checkout of github.com/supabase/postgres: a work tree, or a bare git directory (as a mirror gives), read
 * at HEAD. Only read here, never copied into the project: its SQL is theirs.
 */
export interface SupabasePostgresSource {
  /** The commit read (HEAD of the checkout). */
  commit: string;
  list(dir: string): string[];
  read(file: string): string;
}

export function openSupabasePostgresSource(location: string): SupabasePostgresSource {
  const root = path.resolve(location);
  if (!existsSync(root)) throw new Error(`SUPABASE_POSTGRES_SRC: ${root} does not exist`);
  const gitDir = existsSync(path.join(root, '.git')) ? path.join(root, '.git') : root;
  const git = (...args: string[]) =>
    execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let commit: string;
  try {
    commit = git('rev-parse', 'HEAD').trim();
  } catch {
    throw new Error(`SUPABASE_POSTGRES_SRC: ${root} is not a git checkout of supabase/postgres`);
  }
  const source: SupabasePostgresSource = {
    commit,
    list: (dir) =>
      git('ls-tree', '--name-only', `HEAD:${dir}`)
        .split('\n')
        .filter(Boolean)
        .map((name) => `${dir}/${name}`),
    read: (file) => git('show', `HEAD:${file}`),
  };
  if (!source.list('migrations/db').some((f) => f.endsWith('/migrate.sh'))) {
    throw new Error(`SUPABASE_POSTGRES_SRC: ${root} has no migrations/db/migrate.sh; is it supabase/postgres?`);
  }
  return source;
}
