import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { parse } from 'smol-toml';

// What the API exposes, read from the running database and the repository rather than from a hand list, so a new
// RPC, function or anon-readable table is fuzzed (or fails the model check) the day it is added.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface RpcArgument {
  name: string;
  /** format_type() of the argument: `bigint`, `text[]`, `active_status[]`, `plan_events`... */
  type: string;
  hasDefault: boolean;
}

export interface RpcSignature {
  schema: string;
  name: string;
  args: RpcArgument[];
  /** Stable and immutable functions cannot write. */
  readOnly: boolean;
  executableBy: ApiRole[];
}

/** The schemas PostgREST serves, as supabase/config.toml declares them. */
export function exposedSchemas(): string[] {
  const config = parse(readFileSync(path.join(ROOT, 'supabase/config.toml'), 'utf8')) as {
    api?: { schemas?: string[] };
  };
  return config.api?.schemas ?? ['public'];
}

/** Every function of the exposed schemas that an API role may execute: what PostgREST answers at /rpc/<name>. */
export async function exposedRpcs(db: pg.Client): Promise<RpcSignature[]> {
  const { rows } = await db.query<{
    schema: string;
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    defaults: number;
    volatility: string;
    anon: boolean;
    authenticated: boolean;
    service_role: boolean;
  }>(
    `select n.nspname as schema, p.proname as name, p.proargnames as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types,
            p.pronargdefaults as defaults, p.provolatile as volatility,
            has_function_privilege('anon', p.oid, 'execute') as anon,
            has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
            has_function_privilege('service_role', p.oid, 'execute') as service_role
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.prokind = 'f'
      order by 1, 2`,
    [exposedSchemas()],
  );
  return rows
    .map((row) => {
      const executableBy = (['anon', 'authenticated', 'service_role'] as const).filter((role) => row[role]);
      const count = row.arg_types.length;
      return {
        schema: row.schema,
        name: row.name,
        args: row.arg_types.map((type, index) => ({
          name: row.arg_names?.[index] ?? '',
          type,
          hasDefault: index >= count - row.defaults,
        })),
        readOnly: row.volatility !== 'v',
        executableBy,
      };
    })
    .filter((rpc) => rpc.executableBy.length > 0);
}

/** The labels of every enum type of the exposed schemas, for arguments of those types. */
export async function enumLabels(db: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ name: string; labels: string[] }>(
    `select format_type(t.oid, null) as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
       from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any($1) group by t.oid`,
    [exposedSchemas()],
  );
  return new Map(rows.map((row) => [row.name, row.labels]));
}

/** Tables and views anon can reach through REST, from the OpenAPI document PostgREST serves to the anon key. */
export async function anonRestRelations(apiUrl: string, anonKey: string): Promise<string[]> {
  const response = await fetch(`${apiUrl}/rest/v1/`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
  });
  const document = (await response.json()) as { paths?: Record<string, unknown> };
  return Object.keys(document.paths ?? {})
    .filter((route) => route !== '/' && !route.startsWith('/rpc/'))
    .map((route) => route.slice(1));
}

/** Every edge function the stack serves: a folder with an index under edge-functions/, or a config.toml entry. */
export function edgeFunctions(): string[] {
  const dir = path.join(ROOT, 'edge-functions');
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Za-z][A-Za-z0-9_-]*$/.test(entry.name))
    .filter((entry) => existsSync(path.join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name);
  const config = parse(readFileSync(path.join(ROOT, 'supabase/config.toml'), 'utf8')) as {
    functions?: Record<string, unknown>;
  };
  return [...new Set([...folders, ...Object.keys(config.functions ?? {})])].sort();
}
