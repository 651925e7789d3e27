import { createFileRoute } from '@tanstack/react-router';
import { ToDepoSegment } from '../-components/to-depo-segment';

/**
 * The list moved below the depo segment, which is now its Depo filter. An old link keeps showing
 * what it showed: its `depo_id` filter becomes the segment, and without one it lists all depos.
 */
export const Route = createFileRoute('/$tenant/_staff/admin/b2b_customers/')({
  component: () => (
    <ToDepoSegment
      to="/$tenant/admin/depo/$depoId/b2b_customers"
      translate={({ depo_id: depoFilter, ...search }, currentDepoId) => {
        const depoId = Number(depoFilter);
        return Number.isInteger(depoId) && depoId > 0 ? { depoId, search } : { depoId: currentDepoId, search: { ...search, all_depos: true } };
      }}
    />
  ),
});
