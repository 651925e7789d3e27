import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 25 item 13: an emoji or symbol character in the app's text (🗑, ⏱, 👍) is an empty box on a machine without an
// emoji font. The app draws icons from src/shared/ui/icons.tsx instead; this keeps every new glyph out by construction.
// Allowed: the scripts and punctuation every font here draws, the same ranges the e2e layout audit trusts
// (tests/e2e/support/layout-audit.ts): Latin with its accents, general punctuation (– — ‘ ’ “ ” …), currency signs,
// letter-like symbols and arrows (→ in the changelog).
const DRAWN_EVERYWHERE = /[\u0000-\u024f\u0300-\u036f\u2000-\u206f\u20a0-\u20bf\u2100-\u214f\u2190-\u21ff]/u;

const SRC = join(import.meta.dirname, '../../src');
// Generated files carry no drawn text of ours.
const GENERATED = new Set(['routeTree.gen.ts', 'shared/supabase/database.types.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) && !GENERATED.has(relative(SRC, path)) ? [path] : [];
  });
}

/** The file without its comments (a comment is never drawn: "≤ 350 KB" in a doc comment is fine). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

describe('drawn text in src/', () => {
  it('holds no emoji or symbol character that a font may lack (icons come from src/shared/ui/icons.tsx)', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const lines = withoutComments(readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const char of line)
          if (!/\s/u.test(char) && !DRAWN_EVERYWHERE.test(char))
            found.push(`${relative(SRC, file)}:${index + 1} U+${char.codePointAt(0)!.toString(16).toUpperCase()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
