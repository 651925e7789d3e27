import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withoutUnusedParts } from '../../tools/engine-css/vite-plugin.ts';

const css = readFileSync(createRequire(import.meta.url).resolve('maplibre-gl/dist/maplibre-gl.css'), 'utf8');
const trimmed = withoutUnusedParts(css);
const classes = new Set(trimmed.match(/maplibregl-[a-z-]+/g));

describe("the map engine's stylesheet as the app ships it", () => {
  it("keeps what the app's maps show: the map and canvas, touch gestures, the navigation and attribution controls", () => {
    for (const part of [
      'map',
      'canvas',
      'canvas-container',
      'interactive',
      'touch-drag-pan',
      'touch-zoom-rotate',
      'ctrl',
      'ctrl-group',
      'ctrl-icon',
      'ctrl-zoom-in',
      'ctrl-zoom-out',
      'ctrl-top-right',
      'ctrl-bottom-right',
      'ctrl-attrib',
      'ctrl-attrib-inner',
      'boxzoom',
    ]) {
      expect(classes, part).toContain(`maplibregl-${part}`);
    }
    // The zoom buttons keep their icons.
    expect(trimmed).toMatch(/\.maplibregl-ctrl-zoom-in \.maplibregl-ctrl-icon\s*\{[^}]*background-image/);
  });

  it('drops the parts the engine module does not offer, most of the file', () => {
    for (const part of [
      'ctrl-logo',
      'ctrl-geolocate',
      'ctrl-fullscreen',
      'ctrl-terrain',
      'ctrl-globe',
      'ctrl-scale',
      'popup',
      'popup-tip',
      'marker',
      'user-location-dot',
    ]) {
      expect(classes, part).not.toContain(`maplibregl-${part}`);
    }
    expect(trimmed).not.toContain('@keyframes maplibregl-spin');
    expect(trimmed.length).toBeLessThan(css.length / 4);
  });

  it('offers only the parts whose rules it keeps (src/shared/map/engine.ts)', () => {
    const engine = readFileSync(new URL('../../src/shared/map/engine.ts', import.meta.url), 'utf8');
    const offered = engine
      .match(/export \{([^}]*)\} from 'react-map-gl\/maplibre'/)?.[1]
      ?.split(',')
      .map((name) => name.trim());
    expect(offered).toEqual(['Map', 'Source', 'Layer', 'useMap', 'AttributionControl', 'NavigationControl']);
    expect(engine).not.toMatch(
      /maplibregl\.(Popup|Marker|GeolocateControl|FullscreenControl|ScaleControl|TerrainControl|GlobeControl|LogoControl)/,
    );
    // The compass's rules are gone too: every navigation control is without it.
    const src = new URL('../../src/', import.meta.url);
    const controls = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) => readFileSync(new URL(file, src), 'utf8').match(/<NavigationControl[^>]*>/g) ?? []);
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) expect(control).toContain('showCompass={false}');
  });
});
