import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The security headers the build wrote for its pages (tools/csp: dist/headers.json, the same as dist/_headers for a
// static host). Read again when the file changes, so a rebuild's new script hashes are sent at once.
let cached: { file: string; version: string; headers: Record<string, string> } | undefined;

export function pageHeaders(distDir: string): Record<string, string> {
  const file = path.join(distDir, 'headers.json');
  try {
    const info = statSync(file);
    const version = `${info.mtimeMs}:${info.size}`;
    if (cached?.file === file && cached.version === version) return cached.headers;
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    // Lower case, as the gateway's own header names: one name, one header.
    const headers = Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>)
        .filter((entry): entry is [string, string] => /^[A-Za-z-]+$/.test(entry[0]) && typeof entry[1] === 'string')
        .map(([name, value]) => [name.toLowerCase(), value]),
    );
    cached = { file, version, headers };
    return headers;
  } catch {
    // No build yet, or an older one without the file: the page is served without them.
    return {};
  }
}
