/** The heat map's layers (spec §4 "Heat map"), in the order the toggles show them. */
export const heatMapLayers = ['revenue', 'visited', 'pins'] as const;
export type HeatMapLayer = (typeof heatMapLayers)[number];

export const heatMapLayerLabels: Record<HeatMapLayer, string> = {
  revenue: 'Revenue',
  visited: 'Visited',
  pins: 'Pins',
};

/** Spec §4: the defaults are revenue and pins. */
export const defaultHeatMapLayers: ReadonlySet<HeatMapLayer> = new Set(['revenue', 'pins']);

export function toggleLayer(shown: ReadonlySet<HeatMapLayer>, layer: HeatMapLayer): Set<HeatMapLayer> {
  const next = new Set(shown);
  if (next.has(layer)) next.delete(layer);
  else next.add(layer);
  return next;
}
