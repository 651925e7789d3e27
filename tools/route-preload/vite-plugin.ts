// Lets index.html start a route's heaviest lazy chunk (and what it imports) at once, for the pages a customer opens
// from an SMS on a phone: otherwise the download waits for the entry, the router and the page's code, one after the
// other. Only pages whose path matches the pattern preload; the rest of the app loads as before.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface RoutePreload {
  /** Tested against location.pathname in the page (a RegExp's source). */
  path: RegExp;
  /** The lazily loaded module to start, as a path from the project root. */
  module: string;
  /**
   * The page's first RPC, asked for by index.html itself (anon, and only without a stored session), so its answer
   * does not wait for the app's code: `args` is the source of a plain ES5 `function (pathname, search)` answering
   * the arguments. The app takes the answer with `takeEarlyRpc` when it asks the same (src/shared/supabase).
   */
  rpc?: { name: string; args: string };
  /**
   * The HTML file this route has to itself (tools/page-entries), if any. There the files are plain link tags at
   * the top of the head, the largest first: the browser's preload scanner asks for them before any script runs,
   * and the longest download (the map engine) takes the first of its few connections to the server.
   */
  page?: string;
}

/** Where the inline script sends the early RPCs: the app's API (its own origin when unset) and anon key. */
export interface EarlyRpcTarget {
  apiUrl: string;
  anonKey: string;
}

/** A built file's size in bytes (the order of the page's link tags). */
function sizeOf(bundle: OutputBundle, file: string): number {
  const item = bundle[file];
  if (!item) return 0;
  return item.type === 'chunk'
    ? item.code.length
    : typeof item.source === 'string'
      ? item.source.length
      : item.source.byteLength;
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

export function routePreloads(routes: RoutePreload[], target?: EarlyRpcTarget): Plugin {
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
        const filesFor = (module: string) => {
          const chunk = Object.values(bundle).find(
            (item): item is OutputChunk =>
              item.type === 'chunk' && (item.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(`/${module}`),
          );
          if (!chunk) throw new Error(`route preload: no chunk for ${module}`);
          return filesOf(bundle, chunk);
        };
        const own = routes.find(
          (route) => route.page && context.filename.replaceAll('\\', '/').endsWith(`/${route.page}`),
        );
        // The page's own entry and what it imports, with the route's lazy chunk and what that imports.
        const pageFiles = (page: string, module: string) => [...new Set([...filesFor(page), ...filesFor(module)])];
        const links: HtmlTagDescriptor[] = own?.page
          ? pageFiles(own.page, own.module)
              .map((file) => ({ file, size: sizeOf(bundle, file) }))
              .sort((a, b) => b.size - a.size)
              .map(({ file }) => ({
                tag: 'link',
                attrs: /\.css$/.test(file)
                  ? { rel: 'preload', as: 'style', crossorigin: '', href: `${base}${file}` }
                  : { rel: 'modulepreload', crossorigin: '', href: `${base}${file}` },
                injectTo: 'head-prepend',
              }))
          : [];
        // On the route's own page the files are tags already: its inline script only asks for the RPC.
        const entries = (own ? [own] : routes).map(({ path, module, rpc }) => {
          const files = own ? [] : filesFor(module).map((file) => `${base}${file}`);
          const early = rpc && target ? `,${JSON.stringify(rpc.name)},${rpc.args}` : '';
          return `[${JSON.stringify(path.source)},${JSON.stringify(files)}${early}]`;
        });
        // Plain DOM: this runs before the app's own code. The RPC goes first, before the files take the
        // browser's connections. crossorigin as the app's own tags and Vite's loader set it, or the browser would
        // not reuse the preloaded files. A stored session (supabase-js's sb-*-auth-token) means the app asks as
        // its user, so no anon request is made for it.
        const ask = target
          ? `if(r[i][2]){var a;try{a=!Object.keys(localStorage).some(function(k){return /^sb-.*-auth-token$/.test(k)})}catch(e){a=false}` +
            `if(a){var b=JSON.stringify(r[i][3](location.pathname,location.search));var p=fetch(${JSON.stringify(`${target.apiUrl}/rest/v1/rpc/`)}+r[i][2],` +
            `{method:'POST',headers:{apikey:${JSON.stringify(target.anonKey)},Authorization:${JSON.stringify(`Bearer ${target.anonKey}`)},'Content-Type':'application/json'},body:b});` +
            `p.catch(function(){});(window.__earlyRpc=window.__earlyRpc||{})[r[i][2]]={args:b,response:p};}}`
          : '';
        const script =
          `(function(){var r=[${entries.join(',')}];for(var i=0;i<r.length;i++){if(!new RegExp(r[i][0]).test(location.pathname))continue;${ask}` +
          `r[i][1].forEach(function(f){var l=document.createElement('link');var css=/\\.css$/.test(f);l.rel=css?'preload':'modulepreload';` +
          `if(css)l.as='style';l.crossOrigin='';l.href=f;document.head.appendChild(l);});}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }, ...links];
      },
    },
  };
}
