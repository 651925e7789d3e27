import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptsEncoding, brotliCopy } from '../../supabase/stack/gateway/compressed-file.ts';
import { precompressBrotli } from '../../tools/precompress/vite-plugin.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runPlugin(outDir: string, cacheDir: string) {
  const plugin = precompressBrotli({ cacheDir });
  const hook = plugin.writeBundle as unknown as (options: { dir?: string }) => Promise<void>;
  await hook({ dir: outDir });
}

describe('the build writes brotli copies of the app and the gateway sends them', () => {
  it('reads br in Accept-Encoding', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('gzip', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding(undefined, 'br')).toBe(false);
  });

  it('writes a .br that decompresses to the file, for text files worth it, and again from its cache', async () => {
    const out = path.join(dir, 'dist');
    const script = `export const lines = [${Array.from({ length: 400 }, (_, i) => `'line ${i}'`).join(', ')}];\n`;
    for (const [name, body] of [
      ['assets/app.js', script],
      ['index.html', `<html>${script}</html>`],
      ['tiny.js', 'x'],
      ['logo.png', script],
    ] as const) {
      const file = path.join(out, name);
      rmSync(file, { force: true });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, body);
    }
    const cache = path.join(dir, 'cache');
    await runPlugin(out, cache);
    expect(brotliDecompressSync(readFileSync(path.join(out, 'assets/app.js.br'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(path.join(out, 'index.html.br'))).toString()).toBe(
      `<html>${script}</html>`,
    );
    expect(existsSync(path.join(out, 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(out, 'logo.png.br'))).toBe(false);

    // A rebuild: the same content comes from the cache.
    rmSync(path.join(out, 'assets/app.js.br'));
    await runPlugin(out, cache);
    expect(brotliDecompressSync(readFileSync(path.join(out, 'assets/app.js.br'))).toString()).toBe(script);
  });

  it('sends the copy only when it is at least as new as the file', async () => {
    const file = path.join(dir, 'stale.js');
    writeFileSync(file, 'console.log(1)');
    expect(await brotliCopy(file)).toBeUndefined();
    writeFileSync(`${file}.br`, 'copy');
    const now = Date.now() / 1000;
    utimesSync(file, now, now);
    utimesSync(`${file}.br`, now - 60, now - 60);
    expect(await brotliCopy(file)).toBeUndefined();
    utimesSync(`${file}.br`, now + 1, now + 1);
    expect((await brotliCopy(file))?.toString()).toBe('copy');
  });
});
