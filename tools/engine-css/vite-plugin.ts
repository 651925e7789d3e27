// Drops from the map engine's stylesheet (maplibre-gl.css, 70 KB, most of it inline SVG icons) the rules of the
// engine's parts the app never shows: its map module (src/shared/map/engine.ts) offers only the map, sources,
// layers and the navigation and attribution controls, and the navigation control without its compass. A page
// with a map loads the rest before its first frame (on a phone's slow network, time before the map engine).
import postcss, { type AtRule, type Root } from 'postcss';
import type { Plugin } from 'vite';

/** Class names of the parts engine.ts does not offer (a rule naming one in every selector is never matched). */
const UNUSED_PARTS = [
  'geolocate',
  'compass',
  'fullscreen',
  'shrink',
  'pseudo-fullscreen',
  'terrain',
  'globe',
  'logo',
  'scale',
  'popup',
  'marker',
  'user-location',
  'cooperative-gesture',
  'mobile-message',
  'desktop-message',
  'spin',
];
const UNUSED = new RegExp(
  `\\.maplibregl-(ctrl-)?(${UNUSED_PARTS.join('|')})(?![\\w-])|\\.maplibregl-(ctrl-)?(${UNUSED_PARTS.join('|')})-`,
);
const UNUSED_KEYFRAMES = /^maplibregl-(spin|user-location-dot-pulse)$/;

/** The stylesheet without the unused parts' rules and animations (exported for the unit test). */
export function withoutUnusedParts(css: string): string {
  const root: Root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && (rule.parent as AtRule).name.endsWith('keyframes')) return;
    if (rule.selectors.every((selector) => UNUSED.test(selector))) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.name.endsWith('keyframes') && UNUSED_KEYFRAMES.test(atRule.params)) atRule.remove();
    else if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

export function engineCss(): Plugin {
  return {
    name: 'truckdesk-engine-css',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').split('?')[0]!.endsWith('/maplibre-gl/dist/maplibre-gl.css')) return null;
      return { code: withoutUnusedParts(code), map: null };
    },
  };
}
