import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { carListsKey } from './api/get-cars';

/**
 * Keeps the depo's cars lists live: a saved car (a row change) or new GPS fixes (a 'locations' message for
 * the depo's moved cars) are broadcast on `depo:<id>:cars` and the list refetches.
 */
export function useLiveCars(slug: string, depoId: number): void {
  useLiveInvalidation(liveTopics.depo(depoId, 'cars'), carListsKey(slug, depoId));
}
