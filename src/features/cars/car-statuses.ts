import { z } from 'zod';
import { activeStatuses, type ActiveStatus } from '@/shared/vocabulary/staff-vocabulary';

export type CarStatus = ActiveStatus;

export const carStatuses: readonly CarStatus[] = activeStatuses;

/** The list shows active cars until the user filters otherwise. */
export const DEFAULT_CAR_STATUSES: readonly CarStatus[] = ['active'];

/** The cars list's URL search: `statuses`, the filter last applied; a malformed value falls back to the default. */
export const carListSearchSchema = z.object({
  statuses: z.array(z.enum(activeStatuses)).min(1).optional().catch(undefined),
});

export type CarListSearch = z.infer<typeof carListSearchSchema>;

/** The statuses to list, in a stable order so the query key does not depend on click order. */
export function effectiveStatuses(statuses: readonly CarStatus[] | undefined): CarStatus[] {
  const chosen = statuses && statuses.length > 0 ? statuses : DEFAULT_CAR_STATUSES;
  return carStatuses.filter((status) => chosen.includes(status));
}
