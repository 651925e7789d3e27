import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { offlineBaseMap } from './tools/base-map/vite-plugin.ts';
import { engineCss } from './tools/engine-css/vite-plugin.ts';
import { pageEntries } from './tools/page-entries/vite-plugin.ts';
import { routePreloads } from './tools/route-preload/vite-plugin.ts';
import { precompressBrotli } from './tools/precompress/vite-plugin.ts';
import { securityHeaders } from './tools/csp/vite-plugin.ts';
import { trackingPath, trackingStopRpc } from './src/features/public-tracking/tracking-path.ts';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin so that the generated route tree and
    // the code-split route chunks are plain TSX by the time React's transform sees them.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // A staff page's loader travels with its page: its data modules (and their row schemas) stay out of the
        // entry, which the customers' pages load too. The public pages keep their loaders in the entry, so their
        // data is fetched in parallel with their page chunk.
        splitBehavior: ({ routeId }) =>
          routeId.includes('/_staff')
            ? [['loader', 'component'], ['errorComponent'], ['notFoundComponent']]
            : undefined,
      },
      routesDirectory: fromRoot('./src/routes'),
      generatedRouteTree: fromRoot('./src/routeTree.gen.ts'),
    }),
    react(),
    offlineBaseMap(),
    // The map engine's stylesheet without the parts the app never shows (70 KB → 10 KB).
    engineCss(),
    // The tracking page's map engine (~270 KB gzip) is its longest download: it starts with the HTML.
    // It also asks for the stop itself, so the top bar and the map's base map need not wait for the app's code.
    routePreloads(
      [
        {
          path: trackingPath,
          module: 'src/features/public-tracking/components/tracking-map.tsx',
          rpc: trackingStopRpc,
          page: 'tracking.html',
        },
      ],
      process.env.VITE_SUPABASE_ANON_KEY
        ? {
            apiUrl: (process.env.VITE_SUPABASE_URL ?? '').replace(/\/+$/, ''),
            anonKey: process.env.VITE_SUPABASE_ANON_KEY,
          }
        : undefined,
    ),
    // The tracking addresses get tracking.html: the tracking page without the router and the whole app's routes.
    pageEntries([{ path: trackingPath, html: 'tracking.html' }]),
    // dist/_headers and dist/headers.json: the pages' Content-Security-Policy (tools/csp), with the hashes of their
    // inline scripts. The captcha's origin is allowed unless CSP_TURNSTILE=off: its site key is a setting of the
    // public-subscribe function, per tenant and changed without a rebuild, so the build cannot know whether it is set.
    securityHeaders({
      apiUrl: process.env.VITE_SUPABASE_URL || undefined,
      mapStyleUrl: process.env.VITE_MAP_STYLE_URL || undefined,
      turnstile: process.env.CSP_TURNSTILE !== 'off',
    }),
    // dist/**/*.br next to the text files, which the gateway sends to browsers that accept br.
    precompressBrotli({ cacheDir: fromRoot('./node_modules/.cache/truckdesk-brotli') }),
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
    // Every browser the app supports knows modulepreload (Safari since 17): no polyfill in each page's first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: fromRoot('./index.html'), tracking: fromRoot('./tracking.html') },
      output: {
        // Libraries in chunks of their own, so an app change does not invalidate them and a page pulls only
        // the ones it uses (the form library stays off pages without a form).
        codeSplitting: {
          groups: [
            // React with Query, which every page uses; the router apart, as the tracking page (tracking.html) has none.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-query|query-core))[\\/]/,
              priority: 1,
            },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Realtime loads with the first live screen, after the first rows (src/shared/supabase/realtime-client.ts).
            { name: 'realtime', test: /node_modules[\\/]@supabase[\\/](realtime-js|phoenix)[\\/]/, priority: 1 },
            // The auth client loads only when a session may exist (src/shared/supabase/client.ts: loadAuth), so the
            // customers' pages never fetch it.
            { name: 'auth', test: /node_modules[\\/]@supabase[\\/]auth-js[\\/]/, priority: 1 },
            // Before the auth group, which would otherwise take tslib, a dependency of both, and be loaded by REST.
            {
              name: 'supabase',
              test: /node_modules[\\/](@supabase[\\/](postgrest-js|functions-js)|tslib)[\\/]/,
              priority: 2,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            { name: 'ag-grid', test: /node_modules[\\/](ag-grid-community|ag-grid-react|ag-stack)[\\/]/ },
            // The map engine, imported only by the lazily loaded map foundation: a chunk of its own (index.html
            // preloads it on the tracking page), not merged into the map's code.
            { name: 'maplibre-gl', test: /node_modules[\\/]maplibre-gl[\\/]/ },
            // Small app modules every page's shell loads, one chunk instead of ten sub-KB requests.
            {
              name: 'app-common',
              test: /src[\\/](shared[\\/](query[\\/]query-keys|ui[\\/]flash[\\/]flash-store|routing[\\/]url-values|supabase[\\/](request-error|database\.types|jwt-claims)|dates[\\/](calendar-date|today-in)|vocabulary[\\/]staff-vocabulary)|features[\\/]auth[\\/]sign-in-messages)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
