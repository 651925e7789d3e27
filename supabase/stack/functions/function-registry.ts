import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';

/** One servable edge function, resolved from `supabase/config.toml` and the `edge-functions/` folder. */
export interface FunctionDefinition {
  name: string;
  /** Absolute path of the entry module. */
  entrypoint: string;
  /** The folder holding the entrypoint (the function's cwd and the folder the watcher maps to it). */
  dir: string;
  verifyJwt: boolean;
  /** Absolute path of an import map or deno.json, if the function has one. */
  importMap?: string;
}

interface FunctionSettings {
  enabled?: boolean;
  verifyJwt?: boolean;
  entrypoint?: string;
  importMap?: string;
}

// The CLI's slug rule: it also keeps `_shared` and dot-folders from ever being functions and stops `..` in paths.
const SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;
const INDEX_FILES = ['index.ts', 'index.js', 'index.mjs', 'index.tsx', 'index.jsx'];

export function isFunctionSlug(name: string): boolean {
  return SLUG.test(name);
}

/**
 * Looks functions up on every request, so a folder created while the stack runs is served at once.
 * Only config.toml is cached, keyed by its mtime.
 */
export class FunctionRegistry {
  readonly functionsDir: string;
  private readonly supabaseDir: string;
  private readonly configPath: string;
  private cached: { mtimeMs: number; size: number; settings: Map<string, FunctionSettings> } | undefined;

  constructor(rootDir: string) {
    this.functionsDir = path.join(rootDir, 'edge-functions');
    this.supabaseDir = path.join(rootDir, 'supabase');
    this.configPath = path.join(this.supabaseDir, 'config.toml');
  }

  async resolve(name: string): Promise<FunctionDefinition | undefined> {
    if (!isFunctionSlug(name)) return undefined;
    const settings = (await this.settings()).get(name);
    if (settings?.enabled === false) return undefined;

    let entrypoint: string | undefined;
    if (settings?.entrypoint) {
      // config.toml paths are relative to the supabase/ folder, as in the CLI.
      const candidate = path.resolve(this.supabaseDir, settings.entrypoint);
      if (await isFile(candidate)) entrypoint = candidate;
    } else {
      for (const file of INDEX_FILES) {
        const candidate = path.join(this.functionsDir, name, file);
        if (await isFile(candidate)) {
          entrypoint = candidate;
          break;
        }
      }
    }
    if (!entrypoint) return undefined;

    const dir = path.dirname(entrypoint);
    let importMap = settings?.importMap ? path.resolve(this.supabaseDir, settings.importMap) : undefined;
    if (!importMap) {
      for (const file of ['deno.json', 'deno.jsonc']) {
        const candidate = path.join(dir, file);
        if (await isFile(candidate)) {
          importMap = candidate;
          break;
        }
      }
    }
    return {
      name,
      entrypoint,
      dir,
      // The CLI default: a function without a config entry requires a JWT.
      verifyJwt: settings?.verifyJwt ?? true,
      ...(importMap ? { importMap } : {}),
    };
  }

  private async settings(): Promise<Map<string, FunctionSettings>> {
    let info;
    try {
      info = await stat(this.configPath);
    } catch {
      return new Map();
    }
    if (this.cached && this.cached.mtimeMs === info.mtimeMs && this.cached.size === info.size) {
      return this.cached.settings;
    }
    const settings = parseFunctionSettings(await readFile(this.configPath, 'utf8'));
    this.cached = { mtimeMs: info.mtimeMs, size: info.size, settings };
    return settings;
  }
}

/** Reads the `[functions.<name>]` tables of config.toml. */
export function parseFunctionSettings(toml: string): Map<string, FunctionSettings> {
  const result = new Map<string, FunctionSettings>();
  const doc = parse(toml);
  const functions = doc.functions;
  if (!isRecord(functions)) return result;
  for (const [name, value] of Object.entries(functions)) {
    if (!isRecord(value)) continue;
    const entry: FunctionSettings = {};
    if (typeof value.enabled === 'boolean') entry.enabled = value.enabled;
    if (typeof value.verify_jwt === 'boolean') entry.verifyJwt = value.verify_jwt;
    if (typeof value.entrypoint === 'string') entry.entrypoint = value.entrypoint;
    if (typeof value.import_map === 'string') entry.importMap = value.import_map;
    result.set(name, entry);
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
