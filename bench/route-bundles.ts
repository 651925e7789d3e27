// The JavaScript each staff route loads before its first row, gzip-compressed, from the last
// `npm run build` (dist/.vite/manifest.json). `npx tsx bench/route-bundles.ts`, or `npm run bench -- bundles`.
// Counted: the entry, the route's layouts and its own chunks, with all their static imports. Dynamic imports are
// not: each is fetched only after the first row (a dialog, an export, and ag-grid, which tables ask for once their
// first rows are drawn as a plain table: src/shared/ui/data-grid/data-grid.tsx). The first-row bench checks that in
// the browser: on a cold load it counts every script whose fetch started before the first row was on screen.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';

/** The ceiling: no route loads more than this before its first row. */
const BUDGET_KB = 350;
const ROUTES_DIR = 'src/routes';
const STAFF_DIR = `${ROUTES_DIR}/$tenant/_staff`;
/** ag-grid behind the product's tables, loaded after their first rows. */
const GRID_ENGINE = 'src/shared/ui/data-grid/ag-data-grid.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function staffRouteFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT_DIR, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name.startsWith('-')) return [];
    if (statSync(path.join(ROOT_DIR, relative)).isDirectory()) return staffRouteFiles(relative);
    return name.endsWith('.tsx') ? [relative] : [];
  });
}

/** The layout files a route renders inside: the root, then each `route.tsx` on its way down. */
function layoutsOf(file: string): string[] {
  const layouts = [`${ROUTES_DIR}/__root.tsx`];
  const parts = path.dirname(file).split('/');
  for (let depth = ROUTES_DIR.split('/').length + 1; depth <= parts.length; depth += 1) {
    const candidate = `${parts.slice(0, depth).join('/')}/route.tsx`;
    if (candidate !== file) layouts.push(candidate);
  }
  return layouts;
}

/** `/$tenant/admin/depos/` for `src/routes/$tenant/_staff/admin/depos/index.tsx`. */
function urlOf(file: string): string {
  const route = file
    .slice(ROUTES_DIR.length)
    .replace(/\.tsx$/, '')
    .replace(/\/(index|route)$/, '/')
    .replace('/_staff', '');
  return route === '/$tenant/' ? '/$tenant' : route.replace(/\/$/, '');
}

export function routeBundles() {
  const dist = process.env.DIST_DIR ?? path.join(ROOT_DIR, 'dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzipKb = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipKb.has(file)) gzipKb.set(file, gzipSync(readFileSync(path.join(dist, file))).length / 1024);
    return gzipKb.get(file) ?? 0;
  };
  // Static imports load with a chunk; the router loads a route's split chunks when it is opened.
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  // The app's entry (index.html); tracking.html is the tracking page's own entry, which staff pages never load.
  const entry = Object.keys(manifest).filter((key) => key === 'index.html');
  const chunksOfFile = (file: string) => Object.keys(manifest).filter((key) => key.split('?')[0] === file);

  const routes = staffRouteFiles(STAFF_DIR)
    .filter((file) => !file.endsWith('/route.tsx'))
    .map((file) => {
      const keys = closure([...entry, ...[...layoutsOf(file), file].flatMap(chunksOfFile)]);
      const js = [...keys].map((key) => manifest[key].file).filter((name) => name.endsWith('.js'));
      const kb = js.reduce((sum, name) => sum + sizeOf(name), 0);
      const largest = js.sort((a, b) => sizeOf(b) - sizeOf(a))[0];
      return {
        route: urlOf(file),
        js_gzip_kb: Math.round(kb * 10) / 10,
        chunks: js.length,
        largest_chunk: largest,
        within_budget: kb <= BUDGET_KB,
      };
    })
    .sort((a, b) => b.js_gzip_kb - a.js_gzip_kb);
  // What a table page fetches after its first row: the grid and what it adds to the route's own chunks.
  const withEntry = closure(entry);
  const grid = [...closure(chunksOfFile(GRID_ENGINE))]
    .filter((key) => !withEntry.has(key))
    .map((key) => manifest[key].file)
    .filter((name) => name.endsWith('.js'));
  const gridKb = grid.reduce((sum, name) => sum + sizeOf(name), 0);
  return {
    name: 'route-bundles',
    budget_gzip_kb: BUDGET_KB,
    all_within_budget: routes.every((route) => route.within_budget),
    largest_gzip_kb: routes[0]?.js_gzip_kb ?? 0,
    grid_after_first_row_gzip_kb: Math.round(gridKb * 10) / 10,
    routes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(routeBundles(), null, 2));
