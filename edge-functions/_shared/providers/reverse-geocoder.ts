// Reverse geocoding: the address at a point, for a stop dragged on the route map. The answer has the forward
// search's shape (`{ place_name, center: [lng, lat], id }`), or null when the provider knows no address there.
// - Mapbox: `GET {MAPBOX_API_URL}/geocoding/v5/mapbox.places/<lng>,<lat>.json?access_token=…&types=address&limit=1`.
// Free of Deno and npm: imports, so the adapter can be exercised from Node against a fake provider too.
import type { AddressResult } from './geocoder.ts';
import { getProviderJson, ProviderError } from './provider-error.ts';

export interface ReverseGeocodeOptions {
  /** BCP 47 language of the answer (da, nb). */
  language: string;
}

export interface ReverseGeocoder {
  reverse(lng: number, lat: number, options: ReverseGeocodeOptions): Promise<AddressResult | null>;
}

const isCoordinate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function mapboxReverseGeocoder(config: {
  baseUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
}): ReverseGeocoder {
  return {
    async reverse(lng, lat, options) {
      const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
      // Mapbox reads "longitude,latitude"; six decimals are ~0.1 m, more only changes the cache key.
      const url = new URL(`geocoding/v5/mapbox.places/${lng.toFixed(6)},${lat.toFixed(6)}.json`, base);
      url.searchParams.set('access_token', config.accessToken);
      url.searchParams.set('types', 'address');
      url.searchParams.set('limit', '1');
      url.searchParams.set('language', options.language);
      const body = await getProviderJson('Mapbox', url, { fetch: config.fetch });
      const features = (body as { features?: unknown })?.features;
      if (!Array.isArray(features)) throw new ProviderError('Mapbox', 'answered without features');
      for (const feature of features as Array<{ id?: unknown; place_name?: unknown; center?: unknown }>) {
        const center = Array.isArray(feature.center) ? feature.center : [];
        if (typeof feature.place_name === 'string' && isCoordinate(center[0]) && isCoordinate(center[1])) {
          return {
            place_name: feature.place_name,
            center: [center[0], center[1]],
            id: String(feature.id ?? feature.place_name),
          };
        }
      }
      return null;
    },
  };
}
