import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { HARNESS_ORIGIN } from './support/harness.ts';

// Smoke test of the one build setting that swaps the engine: VITE_MAP_ENGINE=mapbox resolves the map
// foundation onto react-map-gl/mapbox and mapbox-gl, and the same components draw, settle and take clicks.
// Nothing leaves the machine: the style is served here and every other request is refused.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, 'harness');
const src = path.resolve(here, '../../src');

type Files = Map<string, { body: string | Uint8Array; type: string }>;

async function buildMapboxHarness(): Promise<Files> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react()],
    // As vite.config.ts does when the build sets VITE_MAP_ENGINE=mapbox.
    resolve: {
      alias: [
        { find: /^@\/shared\/map\/engine$/, replacement: path.join(src, 'shared/map/engine-mapbox.ts') },
        { find: '@', replacement: src },
      ],
    },
    define: {
      'import.meta.env.VITE_MAP_ENGINE': JSON.stringify('mapbox'),
      'import.meta.env.VITE_MAPBOX_TOKEN': JSON.stringify('pk.smoke-test-token'),
      'import.meta.env.VITE_MAP_STYLE_URL': JSON.stringify(`${HARNESS_ORIGIN}/style.json`),
    },
    build: {
      write: false,
      outDir: 'out',
      modulePreload: false,
      rollupOptions: { input: path.join(root, 'map-engine.html') },
    },
  });
  const files: Files = new Map();
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) continue;
    for (const item of output.output) {
      const extension = path.extname(item.fileName);
      const type = extension === '.html' ? 'text/html' : extension === '.css' ? 'text/css' : 'text/javascript';
      files.set(`/${item.fileName}`, { body: item.type === 'chunk' ? item.code : item.source, type });
    }
  }
  return files;
}

const style = {
  version: 8,
  sources: {
    land: {
      type: 'geojson',
      data: {
        type: 'Polygon',
        coordinates: [
          [
            [11, 55],
            [13.5, 55],
            [13.5, 56.5],
            [11, 56.5],
            [11, 55],
          ],
        ],
      },
      attribution: 'Smoke land',
    },
  },
  layers: [
    { id: 'sea', type: 'background', paint: { 'background-color': '#cfe2ee' } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f3f0e8' } },
  ],
};

test('the Mapbox engine, picked by the build setting, draws the same map components and settles', async ({ page }) => {
  test.setTimeout(300_000);
  const files = await buildMapboxHarness();
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== HARNESS_ORIGIN) return route.abort();
    if (url.pathname === '/style.json') return route.fulfill({ json: style });
    const file = files.get(url.pathname);
    return file
      ? route.fulfill({ contentType: file.type, body: Buffer.from(file.body) })
      : route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(`${HARNESS_ORIGIN}/map-engine.html`);
  await expect(page.getByText('Engine: mapbox')).toBeVisible();
  const map = page.getByRole('region', { name: 'Harness map' });
  await expect(map).toHaveAttribute('data-map-idle', 'true', { timeout: 120_000 });
  await expect(map.locator('canvas.mapboxgl-canvas')).toBeVisible();
  await expect(map.getByText('Smoke land')).toBeVisible();
  // The stop sits at the map's centre: a click there reaches the layer's handler through the engine.
  const box = (await map.locator('canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByText('Clicked: I dag 14:30')).toBeVisible();
});
