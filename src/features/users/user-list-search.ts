import { listOf } from '@/shared/routing/url-values';
import { activeStatuses, type ActiveStatus } from '@/shared/vocabulary/staff-vocabulary';

/** The Users list's URL search: statuses shown (default active). Apart from the user schema: the route reads it. */
export interface UserListSearch {
  statuses?: ActiveStatus[];
}

export const userListSearchSchema = {
  parse: (raw: Partial<Record<keyof UserListSearch, unknown>>): UserListSearch => ({
    statuses: listOf(activeStatuses, raw.statuses),
  }),
};

export const effectiveUserStatuses = (statuses: readonly ActiveStatus[] | undefined): ActiveStatus[] =>
  statuses && statuses.length > 0 ? [...statuses] : ['active'];
