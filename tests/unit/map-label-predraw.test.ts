import { describe, expect, it } from 'vitest';
import { createExpression, featureFilter, type ExpressionSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { SymbolLayerSpecification } from 'maplibre-gl';
import { offlineCellsStyle, townImageIds } from '@/shared/map/offline-style';

// The tracking page draws the towns' label images before the engine asks for them (townImageIds); a drift
// between those ids and the ones the style's layers ask for would draw every label twice on the way to the
// first picture. The layers' own filters and expressions decide here, evaluated by MapLibre's style code.
const townLayers = offlineCellsStyle({ type: 'FeatureCollection', features: [] }).layers.filter(
  (layer): layer is SymbolLayerSpecification => layer.type === 'symbol' && layer.id.startsWith('towns-'),
);

function askedFor(properties: Record<string, unknown>, zoom: number): string[] {
  const feature = { type: 1 as const, properties, geometry: [] };
  return townLayers.flatMap((layer) => {
    if ((layer.minzoom ?? 0) > zoom) return [];
    if (layer.filter && !featureFilter(layer.filter).filter({ zoom }, feature)) return [];
    const parsed = createExpression(layer.layout?.['icon-image'] as ExpressionSpecification);
    if (parsed.result !== 'success') throw new Error(`${layer.id}: ${JSON.stringify(parsed.value)}`);
    return [String(parsed.value.evaluate({ zoom }, feature))];
  });
}

describe('town label images drawn ahead', () => {
  it('are exactly the images the town layers ask for at the closest zoom, for small and large towns', () => {
    expect(townLayers.length).toBeGreaterThan(1);
    for (const population of [800, 20_000, 150_000, 600_000]) {
      const properties = { kind: 'town', name: 'Køge', population };
      expect(new Set(askedFor(properties, 18))).toEqual(new Set(townImageIds(properties)));
    }
    expect(townImageIds({ kind: 'town', name: 'Roskilde', population: 150_000 }).sort()).toEqual([
      'text:town-major:Roskilde',
      'text:town:Roskilde',
    ]);
  });

  it('and none for land, coast or a town without name or population', () => {
    expect(townImageIds({ kind: 'land' })).toEqual([]);
    expect(townImageIds({ kind: 'town', population: 5_000 })).toEqual([]);
    expect(townImageIds({ kind: 'town', name: 'Ejby' })).toEqual([]);
    expect(townImageIds(null)).toEqual([]);
  });
});
