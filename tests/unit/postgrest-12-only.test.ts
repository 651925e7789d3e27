import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The local PostgREST is 12.0.2 (docs/local-stack.md): the app must not come to depend on what only PostgREST 13+
// offers, or it would work on Supabase and fail here.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['src', 'edge-functions'];

/** Client calls and request headers that need PostgREST 13 or later. */
const NEWER_THAN_12: Array<{ feature: string; pattern: RegExp }> = [
  { feature: 'postgrest-js .maxAffected() (Prefer: max-affected, v13)', pattern: /\.maxAffected\s*\(|max-affected/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('PostgREST 12 is enough for the app', () => {
  it('uses no client feature that needs PostgREST 13 or later', () => {
    const uses = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return NEWER_THAN_12.filter(({ pattern }) => pattern.test(text)).map(
        ({ feature }) => `${path.relative(ROOT, file)}: ${feature}`,
      );
    });
    expect(uses).toEqual([]);
  });
});
