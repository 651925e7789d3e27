// Writes a brotli copy (`<file>.br`) next to each text file of the build: a phone on a slow network waits for bytes,
// and brotli at its highest quality is about a fifth smaller than gzip for the map engine (220 KB instead of 271),
// too slow to compress per request but free once at build time. The stack's gateway sends the .br to a browser that
// accepts br (supabase/stack/gateway/static-app.ts); any static host or CDN that serves precompressed files does the
// same. Copies are cached by content, so a rebuild compresses only the files that changed.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const compress = promisify(brotliCompress);
const TEXT = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest']);
/** Below this a file fits in a packet or two either way. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && TEXT.has(path.extname(e.name)))
    .map((e) => path.join(e.parentPath, e.name));
}

async function brotliOf(raw: Buffer, cacheDir: string): Promise<Buffer> {
  const cached = path.join(cacheDir, `${createHash('sha256').update(raw).digest('hex')}.br`);
  const hit = await readFile(cached).catch(() => undefined);
  if (hit) return hit;
  const body = await compress(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  await writeFile(cached, body);
  return body;
}

export function precompressBrotli({ cacheDir }: { cacheDir: string }): Plugin {
  return {
    name: 'truckdesk-precompress-brotli',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      await mkdir(cacheDir, { recursive: true });
      const queue = await filesUnder(options.dir);
      const worker = async () => {
        for (let file = queue.pop(); file; file = queue.pop()) {
          const raw = await readFile(file);
          if (raw.length < MIN_BYTES) continue;
          const body = await brotliOf(raw, cacheDir);
          if (body.length < raw.length) await writeFile(`${file}.br`, body);
        }
      };
      await Promise.all(Array.from({ length: availableParallelism() }, worker));
    },
  };
}
