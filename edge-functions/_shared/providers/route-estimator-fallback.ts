// A real estimator backed by the local one: when the provider fails (after its own retries), the stops still
// get estimates, from distance, and the failure is reported once per call.
// Free of Deno and npm: imports.
import { ProviderError } from './provider-error.ts';
import type { RouteEstimator } from './route-estimator.ts';

export function withFallback(
  primary: RouteEstimator,
  fallback: RouteEstimator,
  onFallback: (error: ProviderError) => void = (error) => console.error(error.message),
): RouteEstimator {
  return {
    async estimate(request) {
      try {
        return await primary.estimate(request);
      } catch (error) {
        // Programming errors are not a provider's answer: let them surface.
        if (!(error instanceof ProviderError)) throw error;
        onFallback(error);
        return fallback.estimate(request);
      }
    },
  };
}
