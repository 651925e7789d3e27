import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { baseMapFiles } from './base-map-files';
import { textImageId } from './text-images';

/** A credit a map shows for its data. */
export interface MapCredit {
  label: string;
  href: string;
}

/** Whose data the offline base map draws. */
export const baseMapCredits: readonly MapCredit[] = [
  { label: 'Natural Earth', href: 'https://www.naturalearthdata.com/' },
  { label: 'GeoNames', href: 'https://www.geonames.org/' },
];

// As the engine's own attribution control reads it from the sources.
const attribution = baseMapCredits
  .map(({ label, href }) => `<a href="${href}" target="_blank" rel="noreferrer">${label}</a>`)
  .join(' | ');

/**
 * The base map's colours. The sea is no layer: MapView's container shows it behind the canvas, which the engine
 * clears to transparent, so each frame draws one full-screen layer less (a phone's first frames are slow enough).
 */
export const baseMapColors = {
  sea: '#cfe2ee',
  land: '#f3f0e8',
  coast: '#97b6ca',
  border: '#a58fb0',
  town: '#55534e',
  village: '#7a776f',
} as const;

/** The source name of the cells' style (see `offlineCellsStyle`). */
export const baseMapCellsSource = 'base-map';

/** Where each kind of feature comes from: its own source, or one source with a `kind` filter (the cells). */
interface LayerSources {
  land: [string, ExpressionSpecification?];
  coast: [string, ExpressionSpecification?];
  borders: [string, ExpressionSpecification?];
  towns: [string, ExpressionSpecification?];
}

const both = (a: ExpressionSpecification | undefined, b: ExpressionSpecification): ExpressionSpecification =>
  a ? ['all', a, b] : b;
const isTown: ExpressionSpecification = ['>=', ['get', 'population'], 20_000];

// The town label layers: from which zoom, from which population, drawn as which kind of label.
const townLabels = [
  { minzoom: 3, minimumPopulation: 500_000, kind: 'town-major' },
  { minzoom: 6, minimumPopulation: 100_000, kind: 'town-major' },
  { minzoom: 7.5, minimumPopulation: 20_000, kind: 'town' },
  { minzoom: 9, minimumPopulation: 0, kind: 'town' },
] as const;

/** The label images the base map's layers may draw for a town feature of the cells (to draw them ahead). */
export function townImageIds(properties: { kind?: unknown; name?: unknown; population?: unknown } | null): string[] {
  if (properties?.kind !== 'town' || typeof properties.name !== 'string' || typeof properties.population !== 'number')
    return [];
  const { name, population } = properties;
  const kinds = new Set(townLabels.filter((label) => population >= label.minimumPopulation).map((label) => label.kind));
  return [...kinds].map((kind) => textImageId(kind, name));
}

function baseMapLayers(sources: LayerSources): LayerSpecification[] {
  const [towns, townsFilter] = sources.towns;
  const townLabel = ({ minzoom, minimumPopulation, kind }: (typeof townLabels)[number]): LayerSpecification => ({
    id: `towns-${kind}-${minimumPopulation}`,
    type: 'symbol',
    source: towns,
    minzoom,
    filter: both(townsFilter, ['>=', ['get', 'population'], minimumPopulation]),
    layout: {
      'icon-image': ['concat', textImageId(kind, ''), ['get', 'name']],
      'icon-anchor': 'left',
      'icon-offset': [5, 0],
      'symbol-sort-key': ['-', ['get', 'population']],
    },
  });
  const from = ([source, filter]: [string, ExpressionSpecification?]) => (filter ? { source, filter } : { source });
  return [
    // No antialiased outline (a second shader program and draw): the coast line is drawn over the land's edge.
    {
      id: 'land',
      type: 'fill',
      ...from(sources.land),
      paint: { 'fill-color': baseMapColors.land, 'fill-antialias': false },
    },
    {
      id: 'coast',
      type: 'line',
      ...from(sources.coast),
      paint: { 'line-color': baseMapColors.coast, 'line-width': 0.8 },
    },
    {
      id: 'borders',
      type: 'line',
      ...from(sources.borders),
      paint: { 'line-color': baseMapColors.border, 'line-width': 1, 'line-dasharray': [3, 2] },
    },
    {
      // Towns from zoom 5, villages (smaller, lighter) from 9. One layer whose size and colour come from the
      // feature: the same shader program as the stops' circles, one program less to make before the first frame.
      id: 'town-dots',
      type: 'circle',
      source: towns,
      minzoom: 5,
      filter: both(townsFilter, ['any', isTown, ['>=', ['zoom'], 9]]),
      paint: {
        'circle-radius': ['case', isTown, 2.5, 2],
        'circle-color': ['case', isTown, baseMapColors.town, baseMapColors.village],
      },
    },
    ...townLabels.map(townLabel),
  ];
}

/**
 * The embedded default style: land, coast, borders and towns from the app's own files. Towns are
 * labelled with images drawn on demand (`text-images.ts`), so the style needs no glyph server.
 */
export function offlineStyle(baseUrl: string): StyleSpecification {
  const file = (name: string) => new URL(name, baseUrl).href;
  return {
    version: 8,
    name: 'Truckdesk offline',
    sources: {
      land: { type: 'geojson', data: file(baseMapFiles.land), attribution },
      borders: { type: 'geojson', data: file(baseMapFiles.borders) },
      towns: { type: 'geojson', data: file(baseMapFiles.towns), attribution },
    },
    layers: baseMapLayers({ land: ['land'], coast: ['land'], borders: ['borders'], towns: ['towns'] }),
  };
}

const ofKind = (kind: string): ExpressionSpecification => ['==', ['get', 'kind'], kind];

/**
 * The same map drawn from the cells in view (`base-map-cells.ts`): one source holding the cells' features, which
 * the map starts with (fetched before the engine is up, so its first frame already has the land around the stop)
 * and which grows as the view moves (`BaseMapCells`).
 */
export function offlineCellsStyle(cells: FeatureCollection): StyleSpecification {
  const source = baseMapCellsSource;
  return {
    version: 8,
    name: 'Truckdesk offline (cells)',
    sources: { [source]: { type: 'geojson', data: cells, attribution } },
    layers: baseMapLayers({
      land: [source, ofKind('land')],
      coast: [source, ofKind('coast')],
      borders: [source, ofKind('border')],
      towns: [source, ofKind('town')],
    }),
  };
}
