import { describe, expect, it, vi } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { FeatureCollection, Point } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { offlineCellsStyle, offlineStyle } from '@/shared/map/offline-style';
import { liveTrucksOverlay, pointsOverlay, withOverlays } from '@/shared/map/opening-style';

// The layer components' engine (it starts the map's worker on import, which needs a browser): only their styles
// are read here.
vi.mock('@/shared/map/engine', () => ({ Layer: () => null, Source: () => null, useMap: () => ({}) }));

// The maps skip the engine's own check of the app's styles as they are made (MapView: validateStyle), so this is
// where a mistake in one (a bad expression, a filter the spec does not allow) is caught.
const cells: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { kind: 'land' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [12, 55],
            [13, 55],
            [13, 56],
            [12, 55],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { kind: 'town', name: 'Køge', population: 37_000 },
      geometry: { type: 'Point', coordinates: [12.18, 55.46] },
    },
  ],
};
const errorsOf = (style: StyleSpecification) => validateStyleMin(style).map((error) => error.message);

describe("the app's own map styles", () => {
  it("are valid by the style spec: the offline base map, its cells, and the tracking map's opening style", () => {
    expect(errorsOf(offlineStyle('https://app.example/'))).toEqual([]);
    expect(errorsOf(offlineCellsStyle(cells))).toEqual([]);
    const points: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };
    const truck = new Map([['truck', { lat: 55.5, lng: 12.2, heading: 90 }]]);
    const opening = withOverlays(offlineCellsStyle(cells), [
      pointsOverlay('stops', points),
      liveTrucksOverlay('truck', truck),
    ]);
    if (typeof opening === 'string') throw new Error('an object style with overlays should stay an object');
    expect(errorsOf(opening)).toEqual([]);
  });

  it('are checked for real: a broken layer is reported', () => {
    const style = offlineCellsStyle(cells);
    const broken = {
      ...style,
      layers: [...style.layers, { id: 'x', type: 'circle', source: 'nowhere', paint: { 'circle-radius': ['get'] } }],
    };
    expect(errorsOf(broken as StyleSpecification).length).toBeGreaterThan(0);
  });
});
