import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appPageFor } from './app-pages.ts';
import { pageHeaders } from './page-headers.ts';
import { acceptsEncoding, acceptsGzip, brotliCopy, gzippedFile, isCompressible } from './compressed-file.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built app (`dist/`) with SPA fallback: a path that is not a file gets index.html (or the page of its
 * own that dist/pages.json names for it), so a deep link such as /hjem-is/cars opens the app at that screen.
 */
export function serveStaticApp(distDir: string, req: IncomingMessage, res: ServerResponse): void {
  const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://gateway').pathname);
  const candidate = path.normalize(path.join(distDir, urlPath));
  const insideDist = candidate.startsWith(distDir + path.sep);
  const isFile = insideDist && existsSync(candidate) && statSync(candidate).isFile();
  const file = isFile ? candidate : appPageFor(distDir, urlPath);
  if (!existsSync(file)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The app has not been built yet: run `npm run build` (npm start does it for you).\n');
    return;
  }
  const hashed = isFile && urlPath.startsWith('/assets/');
  const headers = {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    // Vite puts a content hash in asset names, so they can be cached for good; index.html never.
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    // Every page gets the build's Content-Security-Policy and its companions (tools/csp).
    ...(path.extname(file) === '.html' ? pageHeaders(distDir) : {}),
  };
  const compressible = isCompressible(path.extname(file));
  if (!compressible || !acceptsGzip(req.headers['accept-encoding'])) {
    res.writeHead(200, compressible ? { ...headers, vary: 'accept-encoding' } : headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return;
  }
  // The build's brotli copy where the browser takes it (a fifth smaller than gzip for the big scripts), else gzip.
  const brotli = acceptsEncoding(req.headers['accept-encoding'], 'br') ? brotliCopy(file) : Promise.resolve(undefined);
  brotli
    .then(async (br) => (br ? { coding: 'br', body: br } : { coding: 'gzip', body: await gzippedFile(file) }))
    .then(
      ({ coding, body }) => {
        res.writeHead(200, {
          ...headers,
          vary: 'accept-encoding',
          'content-encoding': coding,
          'content-length': body.length,
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        // Unreadable between the check and the read (a rebuild under way): as when the app is not built yet.
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The app is being rebuilt; reload in a moment.\n');
      },
    );
}
