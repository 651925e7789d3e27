import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { offlineBaseMap } from './tools/base-map/vite-plugin.ts';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin so that the generated route tree and
    // the code-split route chunks are plain TSX by the time React's transform sees them.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('./src/routes'),
      generatedRouteTree: fromRoot('./src/routeTree.gen.ts'),
    }),
    react(),
    offlineBaseMap(),
  ],
  resolve: {
    alias: [
      // One build setting picks the map engine: MapLibre (default) or Mapbox (needs VITE_MAPBOX_TOKEN).
      ...(process.env.VITE_MAP_ENGINE === 'mapbox'
        ? [{ find: /^@\/shared\/map\/engine$/, replacement: fromRoot('./src/shared/map/engine-mapbox.ts') }]
        : []),
      { find: '@', replacement: fromRoot('./src') },
    ],
  },
  build: {
    // The stack's gateway serves this folder at `/` with an SPA fallback.
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (bench/route-bundles.ts reads it).
    manifest: true,
  },
});
