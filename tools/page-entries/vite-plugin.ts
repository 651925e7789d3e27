// Pages with an HTML file of their own beside index.html (a lighter app for one address, e.g. the tracking page a
// customer opens from an SMS). The build writes dist/pages.json, which tells a server which addresses get which
// file; every other address gets index.html. The stack's gateway reads it (supabase/stack/gateway/static-app.ts).
import type { Plugin } from 'vite';

export interface PageEntry {
  /** The addresses that get this page, tested against the path (a RegExp: its source and flags go to the server). */
  path: RegExp;
  /** The page's HTML file, from the project root (also a build input). */
  html: string;
}

/** What dist/pages.json holds. */
export interface PagesFile {
  pages: { path: string; flags: string; file: string }[];
}

export const PAGES_FILE = 'pages.json';

export function pageEntries(pages: PageEntry[]): Plugin {
  return {
    name: 'truckdesk-page-entries',
    apply: 'build',
    generateBundle() {
      const file: PagesFile = {
        pages: pages.map(({ path, html }) => ({ path: path.source, flags: path.flags, file: html })),
      };
      this.emitFile({ type: 'asset', fileName: PAGES_FILE, source: `${JSON.stringify(file, null, 2)}\n` });
    },
  };
}
