// Address search providers behind the customer form's Global search type, each answering the Address search
// result shape `{ place_name, center: [lng, lat], id }`.
// - Mapbox geocoding: `GET {MAPBOX_API_URL}/geocoding/v5/mapbox.places/<query>.json?access_token=…` → `features[]`.
// - 1881 (Norway): `GET {ADDRESS_1881_API_URL}?query=<query>` with `Ocp-Apim-Subscription-Key` → a list of
//   `{ Text, Id, Source: { Posisjon: { X, Y } } }` (X is the longitude, Y the latitude).
// Free of Deno and npm: imports, so the adapters can be exercised from Node against a fake provider too.
import { getProviderJson, ProviderError } from './provider-error.ts';

export interface AddressResult {
  place_name: string;
  center: [number, number];
  id: string;
}

export interface AddressSearchOptions {
  /** ISO 3166 alpha-2 (DK, NO), or null for anywhere. */
  countryCode: string | null;
  /** BCP 47 language of the answers (da, nb). */
  language: string;
  limit: number;
}

export interface Geocoder {
  search(query: string, options: AddressSearchOptions): Promise<AddressResult[]>;
}

function isCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function mapboxGeocoder(config: { baseUrl: string; accessToken: string; fetch?: typeof fetch }): Geocoder {
  return {
    async search(query, options) {
      const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
      const url = new URL(`geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`, base);
      url.searchParams.set('access_token', config.accessToken);
      url.searchParams.set('autocomplete', 'true');
      url.searchParams.set('limit', String(options.limit));
      url.searchParams.set('language', options.language);
      if (options.countryCode) url.searchParams.set('country', options.countryCode.toLowerCase());
      const body = await getProviderJson('Mapbox', url, { fetch: config.fetch });
      const features = (body as { features?: unknown })?.features;
      if (!Array.isArray(features)) throw new ProviderError('Mapbox', 'answered without features');
      return features
        .flatMap((feature: { id?: unknown; place_name?: unknown; center?: unknown }) => {
          const center = Array.isArray(feature.center) ? feature.center : [];
          if (typeof feature.place_name !== 'string' || !isCoordinate(center[0]) || !isCoordinate(center[1])) return [];
          return [
            {
              place_name: feature.place_name,
              center: [center[0], center[1]] as [number, number],
              id: String(feature.id ?? feature.place_name),
            },
          ];
        })
        .slice(0, options.limit);
    },
  };
}

interface Address1881 {
  Text?: unknown;
  Id?: unknown;
  Source?: { Posisjon?: { X?: unknown; Y?: unknown } };
}

export function norway1881Geocoder(config: {
  baseUrl: string;
  subscriptionKey: string;
  fetch?: typeof fetch;
}): Geocoder {
  return {
    async search(query, options) {
      const url = new URL(config.baseUrl);
      url.searchParams.set('query', query);
      const body = await getProviderJson('1881', url, {
        headers: { 'Ocp-Apim-Subscription-Key': config.subscriptionKey },
        fetch: config.fetch,
      });
      if (!Array.isArray(body)) throw new ProviderError('1881', 'answered without a list');
      return body
        .flatMap((item: Address1881) => {
          const x = item.Source?.Posisjon?.X;
          const y = item.Source?.Posisjon?.Y;
          if (typeof item.Text !== 'string' || !isCoordinate(x) || !isCoordinate(y)) return [];
          return [{ place_name: item.Text, center: [x, y] as [number, number], id: String(item.Id ?? item.Text) }];
        })
        .slice(0, options.limit);
    },
  };
}
