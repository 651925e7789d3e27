import { listOf } from '@/shared/routing/url-values';
import { activeStatuses, type ActiveStatus } from '@/shared/vocabulary/staff-vocabulary';

export type CarStatus = ActiveStatus;

export const carStatuses: readonly CarStatus[] = activeStatuses;

/** The list shows active cars until the user filters otherwise. */
export const DEFAULT_CAR_STATUSES: readonly CarStatus[] = ['active'];

/** The cars list's URL search: `statuses`, the filter last applied; a malformed value falls back to the default. */
export interface CarListSearch {
  statuses?: CarStatus[];
}

export const carListSearchSchema = {
  parse: (raw: Partial<Record<keyof CarListSearch, unknown>>): CarListSearch => ({
    statuses: listOf(activeStatuses, raw.statuses),
  }),
};

/** The statuses to list, in a stable order so the query key does not depend on click order. */
export function effectiveStatuses(statuses: readonly CarStatus[] | undefined): CarStatus[] {
  const chosen = statuses && statuses.length > 0 ? statuses : DEFAULT_CAR_STATUSES;
  return carStatuses.filter((status) => chosen.includes(status));
}
