// Lets index.html start a route's heaviest lazy chunk (and what it imports) at once, for the pages a customer opens
// from an SMS on a phone: otherwise the download waits for the entry, the router and the page's code, one after the
// other. Only pages whose path matches the pattern preload; the rest of the app loads as before.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface RoutePreload {
  /** Tested against location.pathname in the page (a RegExp's source). */
  path: RegExp;
  /** The lazily loaded module to start, as a path from the project root. */
  module: string;
}

/** The chunk's files and every file it imports statically, CSS included, in load order. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const imported = chunk.imports.flatMap((name) => {
    const next = bundle[name];
    return next?.type === 'chunk' ? filesOf(bundle, next, seen) : [];
  });
  const css = [...(chunk.viteMetadata?.importedCss ?? [])];
  return [...imported, ...css, chunk.fileName];
}

export function routePreloads(routes: RoutePreload[]): Plugin {
  let base = '/';
  return {
    name: 'truckdesk-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const entries = routes.map(({ path, module }) => {
          const chunk = Object.values(bundle).find((item): item is OutputChunk =>
            item.type === 'chunk' && (item.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(module));
          if (!chunk) throw new Error(`route preload: no chunk for ${module}`);
          return [path.source, filesOf(bundle, chunk).map((file) => `${base}${file}`)] as const;
        });
        // Plain DOM: this runs before the app's own code. crossorigin as the app's own tags and Vite's loader set
        // it, or the browser would not reuse the preloaded files.
        const script = `(function(){var r=${JSON.stringify(entries)};for(var i=0;i<r.length;i++){if(!new RegExp(r[i][0]).test(location.pathname))continue;`
          + `r[i][1].forEach(function(f){var l=document.createElement('link');var css=/\\.css$/.test(f);l.rel=css?'preload':'modulepreload';`
          + `if(css)l.as='style';l.crossOrigin='';l.href=f;document.head.appendChild(l);});}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
