import type pg from 'pg';

/**
 * Statements of the image that need an extension or library the local Postgres 17 (the stack's embedded
 * build, the same contrib set as Debian's postgresql packages) does not ship. Only these are skipped, and
 * only while the piece is really missing.
 */
export interface SkipRule {
  needs: string;
  /** How to tell it is missing: an extension name, or a shared library to LOAD. */
  check: { extension: string } | { library: string };
  matches: RegExp;
  why: string;
}

export const SKIP_RULES: readonly SkipRule[] = [
  {
    needs: 'pgjwt',
    check: { extension: 'pgjwt' },
    matches: /create\s+extension\s+if\s+not\s+exists\s+pgjwt/i,
    why: 'extension pgjwt is not in the local build (Supabase deprecates it; nothing of ours uses it)',
  },
  {
    needs: 'pg-safeupdate',
    check: { library: 'safeupdate' },
    matches: /alter\s+role\s+authenticator\s+set\s+session_preload_libraries\s*=\s*'safeupdate'/i,
    why: 'library safeupdate is missing, and preloading a missing library would refuse every PostgREST login',
  },
  {
    needs: 'pgsodium',
    check: { extension: 'pgsodium' },
    matches: /grant\s+pgsodium_keyholder\s+to\s+service_role/i,
    why: 'role pgsodium_keyholder exists only with the pgsodium extension',
  },
];

/**
 * Extensions the image's DO blocks test for (pg_available_extensions) and silently leave alone when absent:
 * reported, not skipped.
 */
export const CONDITIONAL_EXTENSIONS = [
  'pg_graphql',
  'supautils',
  'pg_cron',
  'pg_net',
  'pgsodium',
  'supabase_vault',
] as const;

export async function isMissing(client: pg.Client, rule: SkipRule): Promise<boolean> {
  if ('extension' in rule.check) {
    const { rowCount } = await client.query('select 1 from pg_available_extensions where name = $1', [
      rule.check.extension,
    ]);
    return rowCount === 0;
  }
  try {
    await client.query(`load '${rule.check.library.replaceAll("'", "''")}'`);
    return false;
  } catch {
    return true;
  }
}

export async function availableExtensions(client: pg.Client, names: readonly string[]): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(
    'select name from pg_available_extensions where name = any($1::text[])',
    [names],
  );
  return new Set(rows.map((r) => r.name));
}
