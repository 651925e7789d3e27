import type { StyleSpecification } from 'maplibre-gl';
import { baseMapFiles } from './base-map-files';
import { textImageId } from './text-images';

const attribution =
  '<a href="https://www.naturalearthdata.com/" target="_blank" rel="noreferrer">Natural Earth</a> | ' +
  '<a href="https://www.geonames.org/" target="_blank" rel="noreferrer">GeoNames</a>';

export const baseMapColors = { sea: '#cfe2ee', land: '#f3f0e8', coast: '#97b6ca', border: '#a58fb0', town: '#55534e' } as const;

/**
 * The embedded default style: land, coast, borders and towns from the app's own files. Towns are
 * labelled with images drawn on demand (`text-images.ts`), so the style needs no glyph server.
 */
export function offlineStyle(baseUrl: string): StyleSpecification {
  const file = (name: string) => new URL(name, baseUrl).href;
  const townLabel = (minzoom: number, minimumPopulation: number, kind: 'town' | 'town-major') => ({
    id: `towns-${kind}-${minimumPopulation}`,
    type: 'symbol' as const,
    source: 'towns',
    minzoom,
    filter: ['>=', ['get', 'population'], minimumPopulation] as ['>=', ['get', string], number],
    layout: {
      'icon-image': ['concat', textImageId(kind, ''), ['get', 'name']] as unknown as string,
      'icon-anchor': 'left' as const,
      'icon-offset': [5, 0] as [number, number],
      'symbol-sort-key': ['-', ['get', 'population']] as unknown as number,
    },
  });
  return {
    version: 8,
    name: 'Truckdesk offline',
    sources: {
      land: { type: 'geojson', data: file(baseMapFiles.land), attribution },
      borders: { type: 'geojson', data: file(baseMapFiles.borders) },
      towns: { type: 'geojson', data: file(baseMapFiles.towns), attribution },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': baseMapColors.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': baseMapColors.land } },
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': baseMapColors.coast, 'line-width': 0.8 } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': baseMapColors.border, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      {
        id: 'town-dots',
        type: 'circle',
        source: 'towns',
        minzoom: 5,
        filter: ['>=', ['get', 'population'], 20_000],
        paint: { 'circle-radius': 2.5, 'circle-color': baseMapColors.town },
      },
      {
        id: 'village-dots',
        type: 'circle',
        source: 'towns',
        minzoom: 9,
        filter: ['<', ['get', 'population'], 20_000],
        paint: { 'circle-radius': 2, 'circle-color': baseMapColors.town },
      },
      townLabel(3, 500_000, 'town-major'),
      townLabel(6, 100_000, 'town-major'),
      townLabel(7.5, 20_000, 'town'),
      townLabel(9, 0, 'town'),
    ],
  };
}
