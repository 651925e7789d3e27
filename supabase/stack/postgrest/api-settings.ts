import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/** The `[api]` settings of `supabase/config.toml` that shape PostgREST, as the Supabase CLI applies them. */
export interface ApiSettings {
  /** PGRST_DB_SCHEMAS: the schemas the API exposes (the first is the default profile). */
  schemas: string[];
  /** PGRST_DB_EXTRA_SEARCH_PATH: schemas on every request's search_path. */
  extraSearchPath: string[];
  /** PGRST_DB_MAX_ROWS: the most rows one request returns. */
  maxRows: number;
}

/** The Supabase CLI's defaults for a config.toml without these keys. */
export const DEFAULT_API_SETTINGS: ApiSettings = {
  schemas: ['public', 'graphql_public'],
  extraSearchPath: ['public', 'extensions'],
  maxRows: 1000,
};

type Table = Record<string, unknown>;

function table(value: unknown): Table {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
}

/** A value may be `env(NAME)`, as the CLI allows. */
function resolveEnv(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^env\((\w+)\)$/.exec(value.trim());
  return match ? process.env[match[1]!] : value;
}

function names(value: unknown, fallback: string[]): string[] {
  if (!Array.isArray(value)) return fallback;
  return value
    .map(resolveEnv)
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .map((n) => n.trim());
}

function count(value: unknown, fallback: number): number {
  const resolved = resolveEnv(value);
  const number = typeof resolved === 'string' && resolved.trim() !== '' ? Number(resolved) : resolved;
  return (typeof number === 'number' || typeof number === 'bigint') &&
    Number.isInteger(Number(number)) &&
    Number(number) > 0
    ? Number(number)
    : fallback;
}

/** Reads `[api]` from `<root>/supabase/config.toml`; a missing file, section or key gives the CLI default. */
export function loadApiSettings(rootDir: string): ApiSettings {
  const file = path.join(rootDir, 'supabase', 'config.toml');
  const api = table(existsSync(file) ? table(parse(readFileSync(file, 'utf8'))).api : undefined);
  return {
    schemas: names(api.schemas, DEFAULT_API_SETTINGS.schemas),
    extraSearchPath: names(api.extra_search_path, DEFAULT_API_SETTINGS.extraSearchPath),
    maxRows: count(api.max_rows, DEFAULT_API_SETTINGS.maxRows),
  };
}

/** The PostgREST environment for these settings. */
export function apiSettingsEnv(settings: ApiSettings): Record<string, string> {
  return {
    PGRST_DB_SCHEMAS: settings.schemas.join(','),
    PGRST_DB_EXTRA_SEARCH_PATH: settings.extraSearchPath.join(','),
    PGRST_DB_MAX_ROWS: String(settings.maxRows),
  };
}
