import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../harness');
const src = path.resolve(here, '../../../src');

export const HARNESS_ORIGIN = 'http://harness.test';

type BuiltFiles = Map<string, { body: string | Uint8Array; contentType: string }>;

const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Builds the shared-UI harness page in memory (no dist/ is touched), as the app is built. */
export async function buildHarness(): Promise<BuiltFiles> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react()],
    resolve: { alias: { '@': src } },
    build: { write: false, outDir: 'out', modulePreload: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const files: BuiltFiles = new Map();
  for (const output of outputs) {
    if (!('output' in output)) continue;
    for (const item of output.output) {
      const body = item.type === 'chunk' ? item.code : item.source;
      files.set(`/${item.fileName}`, {
        body,
        contentType: contentTypes[path.extname(item.fileName)] ?? 'application/octet-stream',
      });
    }
  }
  return files;
}

/** Serves the built harness to the page from a made-up origin and opens it. */
export async function openHarness(page: Page, files: BuiltFiles): Promise<void> {
  await page.route(`${HARNESS_ORIGIN}/**`, (route) => {
    const file = files.get(new URL(route.request().url()).pathname);
    if (!file) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: file.contentType, body: Buffer.from(file.body) });
  });
  await page.goto(`${HARNESS_ORIGIN}/index.html`);
}
