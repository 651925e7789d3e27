// Writes the pages' security headers (policy.ts) once the HTML is final, with the hashes of its inline scripts:
// dist/_headers for a static host and dist/headers.json for the stack's gateway (supabase/stack/gateway).
import type { Plugin } from 'vite';
import { headersFile, inlineScriptsOf, pageHeaders, type PolicySettings } from './policy.ts';

export const HEADERS_JSON = 'headers.json';

export function securityHeaders(settings: Omit<PolicySettings, 'inlineScripts'>): Plugin {
  return {
    name: 'truckdesk-security-headers',
    apply: 'build',
    generateBundle: {
      // After Vite has written the HTML (and the route preloads their inline script into it).
      order: 'post',
      handler(_options, bundle) {
        const inlineScripts = Object.values(bundle).flatMap((item) =>
          item.type === 'asset' && item.fileName.endsWith('.html')
            ? inlineScriptsOf(typeof item.source === 'string' ? item.source : new TextDecoder().decode(item.source))
            : [],
        );
        const headers = pageHeaders({ ...settings, inlineScripts });
        this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(headers) });
        this.emitFile({ type: 'asset', fileName: HEADERS_JSON, source: `${JSON.stringify(headers, null, 2)}\n` });
      },
    },
  };
}
