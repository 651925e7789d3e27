// Serves the offline base map in `vite dev` and emits it into the build, generated from the
// packages' data each time (never committed), at the paths of `baseMapFiles`.
import type { Plugin } from 'vite';
import { baseMapFiles, generateBaseMap, type BaseMapLayers } from './generate.ts';

export function offlineBaseMap(): Plugin {
  let layers: BaseMapLayers | undefined;
  const load = () => (layers ??= generateBaseMap());
  const byPath = new Map(Object.entries(baseMapFiles).map(([layer, file]) => [`/${file}`, layer as keyof BaseMapLayers]));

  return {
    name: 'truckdesk-offline-base-map',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const layer = byPath.get((request.url ?? '').split('?')[0]);
        if (!layer) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(load()[layer]));
      });
    },
    generateBundle() {
      for (const [layer, fileName] of Object.entries(baseMapFiles)) {
        this.emitFile({ type: 'asset', fileName, source: JSON.stringify(load()[layer as keyof BaseMapLayers]) });
      }
    },
  };
}
