import { describe, expect, it } from 'vitest';
import { generateBaseMap } from '../../tools/base-map/generate.ts';
import { geocodeErrorText, NO_RESULTS_FOUND } from '@/features/support-map/geocode-error-text';
import { longDate, markerDay, markerLabel, markerTime } from '@/features/support-map/marker-text';
import { boundsOf, isSinglePoint } from '@/shared/map/geometry';
import { parseMapConfig } from '@/shared/map/map-config';
import { offlineStyle } from '@/shared/map/offline-style';
import { parseImageId, textImageId, truckIconId } from '@/shared/map/text-images';
import { fallbackMapView, tenantMapDefaults } from '@/shared/map/tenant-map-defaults';
import { RequestError } from '@/shared/supabase/request-error';

describe('map geometry', () => {
  it('bounds the points, skipping impossible ones, and knows a single spot', () => {
    expect(
      boundsOf([
        [12.4, 55.6],
        [10.2, 56.1],
        [Number.NaN, 1],
      ]),
    ).toEqual([
      [10.2, 55.6],
      [12.4, 56.1],
    ]);
    expect(boundsOf([])).toBeNull();
    expect(
      isSinglePoint(
        boundsOf([
          [1, 2],
          [1, 2],
        ])!,
      ),
    ).toBe(true);
    expect(
      isSinglePoint(
        boundsOf([
          [1, 2],
          [1, 3],
        ])!,
      ),
    ).toBe(false);
  });
});

describe('tenant map defaults', () => {
  it('opens on the tenant region, or on the fallback for none or an impossible one', () => {
    expect(tenantMapDefaults({ map_center_lat: 56, map_center_lng: 10.5, map_zoom: 7 })).toEqual({
      longitude: 10.5,
      latitude: 56,
      zoom: 7,
    });
    expect(tenantMapDefaults(null)).toEqual(fallbackMapView);
    expect(tenantMapDefaults({ map_center_lat: 95, map_center_lng: 10, map_zoom: 7 })).toEqual(fallbackMapView);
  });
});

describe('map style and settings', () => {
  it("draws the offline base map from the app's own files by default, with attribution and no glyph server", () => {
    const config = parseMapConfig({ BASE_URL: '/' });
    expect(config).toEqual({ engine: 'maplibre', styleUrl: undefined, baseUrl: '/' });
    const style = offlineStyle('https://app.example/');
    expect(style.glyphs).toBeUndefined();
    expect(style.sources.land).toMatchObject({ type: 'geojson', data: 'https://app.example/base-map/land.json' });
    expect(JSON.stringify(style.sources)).toContain('Natural Earth');
    expect(JSON.stringify(style.sources)).toContain('GeoNames');
    // Labels are images, never text fields that would need glyphs.
    expect(style.layers.some((layer) => 'layout' in layer && layer.layout && 'text-field' in layer.layout)).toBe(false);
  });

  it('takes a style URL and the Mapbox engine from configuration, and refuses nonsense', () => {
    expect(
      parseMapConfig({ VITE_MAP_STYLE_URL: 'https://tiles.example/style.json', VITE_MAP_ENGINE: '' }),
    ).toMatchObject({
      engine: 'maplibre',
      styleUrl: 'https://tiles.example/style.json',
    });
    expect(parseMapConfig({ VITE_MAP_ENGINE: 'mapbox' }).engine).toBe('mapbox');
    expect(() => parseMapConfig({ VITE_MAP_ENGINE: 'leaflet' })).toThrow(/Invalid map settings/);
    expect(() => parseMapConfig({ VITE_MAP_STYLE_URL: 'ftp://x' })).toThrow(/Invalid map settings/);
  });
});

describe('label images', () => {
  it('reads what an image id asks for, with line breaks, and ignores other ids', () => {
    expect(parseImageId(textImageId('label', 'I dag\n14:30'))).toEqual({
      type: 'text',
      kind: 'label',
      lines: ['I dag', '14:30'],
    });
    expect(parseImageId(textImageId('town', 'Køge: Nord'))).toEqual({
      type: 'text',
      kind: 'town',
      lines: ['Køge: Nord'],
    });
    expect(parseImageId(truckIconId('#d9480f'))).toEqual({ type: 'truck', colour: '#d9480f' });
    expect(parseImageId('text:town:')).toBeNull();
    expect(parseImageId('text:bogus:x')).toBeNull();
    expect(parseImageId('icon:truck:red')).toBeNull();
    expect(parseImageId('airport-15')).toBeNull();
  });
});

describe('support map marker texts', () => {
  const now = new Date('2026-11-24T21:30:00Z'); // 22:30 in Copenhagen, still the 24th
  it("labels today's stops 'I dag' and others with day and month in capitals, time on the tenant's clock", () => {
    expect(markerDay('2026-11-24', 'Europe/Copenhagen', 'da-DK', now)).toBe('I dag');
    expect(markerDay('2026-11-25', 'Europe/Copenhagen', 'da-DK', now)).toBe('25 NOV');
    expect(markerDay('2026-05-03', 'Europe/Oslo', 'nb-NO', now)).toBe('3 MAI');
    expect(markerTime('2026-11-25T13:05:00Z', 'Europe/Copenhagen')).toBe('14:05');
    expect(
      markerLabel(
        { arrival_date: '2026-11-24', google_estimate_time: '2026-11-24T22:40:00Z' },
        'Europe/Copenhagen',
        'da-DK',
        now,
      ),
    ).toBe('I dag\n23:40');
    expect(
      markerLabel({ arrival_date: '2026-11-26', google_estimate_time: null }, 'Europe/Copenhagen', 'da-DK', now),
    ).toBe('26 NOV');
    expect(longDate('2026-11-24')).toBe('Tuesday 24 November 2026');
  });

  it('names the provider and its status when the address search fails', () => {
    const failed = (body: unknown, status = 502) =>
      new RequestError({ message: 'x', status, path: '/functions/v1/geocode', body });
    expect(geocodeErrorText(failed({ provider: 'mapbox', provider_status: 401 }), 'mapbox')).toBe(
      'mapbox call failed with code 401',
    );
    expect(geocodeErrorText(failed({ provider: '1881', provider_status: 503 }), '1881')).toBe(
      '1881 call failed with code 503',
    );
    expect(geocodeErrorText(failed({ provider: '1881', provider_status: null }), '1881')).toBe(
      '1881 call failed with code 502',
    );
    expect(geocodeErrorText(failed(null, 500), '1881')).toBe('1881 call failed with code 500');
    expect(NO_RESULTS_FOUND).toBe('No results found');
  });
});

describe('offline base map generation', () => {
  it("builds land, borders and the towns of the tenants' countries from the packages", () => {
    const { land, borders, towns } = generateBaseMap();
    expect(land.features.length).toBeGreaterThan(100);
    expect(borders.features.every((feature) => feature.geometry.coordinates.length > 0)).toBe(true);
    const names = towns.features.map((town) => town.properties.name);
    for (const town of ['Copenhagen', 'Odense', 'Oslo', 'Bergen', 'Bucharest', 'Roskilde'])
      expect(names).toContain(town);
    // Biggest first, so the engine places them first when labels collide.
    expect(towns.features[0].properties.population).toBeGreaterThanOrEqual(towns.features[1].properties.population);
    // Neighbours list only larger towns; a village of a far country is not there.
    expect(towns.features.some((town) => town.properties.population < 2_000)).toBe(false);
  }, 120_000);
});
