import { RequestError } from '@/shared/supabase/request-error';

export const NO_RESULTS_FOUND = 'No results found';

/**
 * The support map's words for a failed address search (spec §8): the provider that failed and its
 * status, 'mapbox call failed with code 500' or '1881 call failed with code 503'.
 */
export function geocodeErrorText(error: unknown, tenantProvider: string): string {
  const body =
    error instanceof RequestError && error.body && typeof error.body === 'object'
      ? (error.body as Record<string, unknown>)
      : {};
  const provider = typeof body.provider === 'string' ? body.provider : tenantProvider === '1881' ? '1881' : 'mapbox';
  const status =
    typeof body.provider_status === 'number'
      ? body.provider_status
      : error instanceof RequestError && error.status
        ? error.status
        : 0;
  return `${provider === '1881' ? '1881' : 'mapbox'} call failed with code ${status}`;
}
