// The JavaScript the public subscribe page loads before its first stop list, gzip-compressed, from the last
// `npm run build` (dist/.vite/manifest.json): the entry, the root and public layouts and the home route, with their
// static imports. The map, the phone rules and the forms are dynamic imports that load after (issue 10: ≤ 120 KB).
// `npm run bench -- public-bundles` (no stack).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';

const BUDGET_KB = 120;
const PAGE_FILES = [
  'src/routes/__root.tsx',
  'src/routes/$tenant/_public/route.tsx',
  'src/routes/$tenant/_public/home.tsx',
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export function publicBundles() {
  const dist = process.env.DIST_DIR ?? path.join(ROOT_DIR, 'dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of Object.keys(manifest)) {
    // The app's entry (index.html), not tracking.html's, which is a page of its own.
    if (key === 'index.html' || PAGE_FILES.includes(key.split('?')[0]!)) visit(key);
  }
  const sizes = [...keys]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      gzip_kb: Math.round((gzipSync(readFileSync(path.join(dist, file))).length / 1024) * 10) / 10,
    }))
    .sort((a, b) => b.gzip_kb - a.gzip_kb);
  const total = Math.round(sizes.reduce((sum, chunk) => sum + chunk.gzip_kb, 0) * 10) / 10;
  return {
    name: 'public-bundles',
    page: '/{site} (public subscribe, before the first stop list)',
    budget_gzip_kb: BUDGET_KB,
    js_gzip_kb: total,
    within_budget: total <= BUDGET_KB,
    chunks: sizes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(publicBundles(), null, 2));
