import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Text formats worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest']);

// One compressed copy per file version: assets are immutable (hashed names) and the others change only on a
// rebuild, which changes their modification time.
const cache = new Map<string, { version: string; body: Promise<Buffer> }>();

export function isCompressible(extension: string): boolean {
  return COMPRESSIBLE.has(extension);
}

/** Whether the request accepts the coding, by name or `*` (a `;q=0` refusal is honoured). */
export function acceptsEncoding(acceptEncoding: string | string[] | undefined, coding: 'gzip' | 'br'): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === coding || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Whether the request accepts gzip (every browser does; a `gzip;q=0` refusal is honoured). */
export const acceptsGzip = (acceptEncoding: string | string[] | undefined) => acceptsEncoding(acceptEncoding, 'gzip');

/**
 * The build's brotli copy of the file (`<file>.br`, tools/precompress), when there is one at least as new as the
 * file: a rebuild that has rewritten the file but not yet its copy must not send the old one.
 */
export async function brotliCopy(file: string): Promise<Buffer | undefined> {
  const [original, copy] = await Promise.all([stat(file), stat(`${file}.br`).catch(() => undefined)]);
  if (!copy?.isFile() || copy.mtimeMs < original.mtimeMs) return undefined;
  return readFile(`${file}.br`);
}

/**
 * The file gzip-compressed, as a production web server or CDN sends the app: the JavaScript and the base map
 * are several times smaller on the wire, which is what a phone on a slow network waits for.
 */
export async function gzippedFile(file: string): Promise<Buffer> {
  const info = await stat(file);
  const version = `${info.mtimeMs}:${info.size}`;
  const cached = cache.get(file);
  if (cached?.version === version) return cached.body;
  const body = readFile(file).then((raw) => gzipAsync(raw, { level: 6 }));
  cache.set(file, { version, body });
  body.catch(() => cache.delete(file));
  return body;
}
