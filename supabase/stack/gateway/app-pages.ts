import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The HTML file the built app gives an address that is not a file: a page of its own when the build's pages.json
 * names one for it (tools/page-entries: the tracking page), else index.html. Read on each such request (they are
 * navigations, few), so a rebuild is served at once.
 */
export function appPageFor(distDir: string, urlPath: string): string {
  const listed = path.join(distDir, 'pages.json');
  if (existsSync(listed)) {
    for (const page of pagesOf(readFileSync(listed, 'utf8'))) {
      const file = path.join(distDir, page.file);
      if (page.path.test(urlPath) && existsSync(file)) return file;
    }
  }
  return path.join(distDir, 'index.html');
}

/** The pages of a pages.json; an unreadable file or entry is left out (index.html then serves it, as before). */
function pagesOf(text: string): { path: RegExp; file: string }[] {
  try {
    const parsed: unknown = JSON.parse(text);
    const pages = (parsed as { pages?: unknown }).pages;
    if (!Array.isArray(pages)) return [];
    return pages.flatMap((page: { path?: unknown; flags?: unknown; file?: unknown }) => {
      const { path: source, flags, file } = page;
      if (typeof source !== 'string' || typeof flags !== 'string' || typeof file !== 'string') return [];
      // Only a file at the top of dist/: the list cannot send a request elsewhere.
      if (!/^[\w-]+\.html$/.test(file)) return [];
      try {
        return [{ path: new RegExp(source, flags), file }];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}
