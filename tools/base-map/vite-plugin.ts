// Serves the offline base map in `vite dev` and emits it into the build, generated from the
// packages' data each time (never committed), at the paths of `baseMapFiles` and `baseMapCellFile`.
import type { Plugin } from 'vite';
import { generateBaseMapCells } from './cells.ts';
import { baseMapFiles, generateBaseMap, type BaseMapLayers } from './generate.ts';

export function offlineBaseMap(): Plugin {
  let files: Map<string, string> | undefined;
  // Every file by its path: the three whole layers and the cells.
  const load = () => {
    if (files) return files;
    const layers: BaseMapLayers = generateBaseMap();
    files = new Map(
      Object.entries(baseMapFiles).map(([layer, file]) => [file, JSON.stringify(layers[layer as keyof BaseMapLayers])]),
    );
    for (const [file, cell] of generateBaseMapCells(layers)) files.set(file, JSON.stringify(cell));
    return files;
  };

  return {
    name: 'truckdesk-offline-base-map',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        const body = path.startsWith('/base-map/') ? load().get(path.slice(1)) : undefined;
        if (body === undefined) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(body);
      });
    },
    generateBundle() {
      for (const [fileName, source] of load()) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
