import { createFileRoute } from '@tanstack/react-router';
import { redirectToDepoSegment } from '../-components/to-depo-segment';

/**
 * The list moved below the depo segment, which is now its Depo filter. An old link keeps showing
 * what it showed: its `depo_id` filter becomes the segment, and without one it lists all depos.
 */
export const Route = createFileRoute('/$tenant/_staff/admin/b2b_customers/')({
  validateSearch: (search: Record<string, unknown>) => search,
  beforeLoad: ({ context, params, search }) =>
    redirectToDepoSegment(
      { context, params, search },
      '/$tenant/admin/depo/$depoId/b2b_customers',
      ({ depo_id: depoFilter, ...rest }, current) => {
        const depoId = Number(depoFilter);
        return Number.isInteger(depoId) && depoId > 0
          ? { depoId, search: rest }
          : { depoId: current, search: { ...rest, all_depos: true } };
      },
    ),
});
