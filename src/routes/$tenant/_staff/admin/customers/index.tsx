import { createFileRoute } from '@tanstack/react-router';
import { ToDepoSegment } from '../-components/to-depo-segment';

/** The list moved below the depo segment; old links land there. */
export const Route = createFileRoute('/$tenant/_staff/admin/customers/')({
  component: () => <ToDepoSegment to="/$tenant/admin/depo/$depoId/customers" />,
});
