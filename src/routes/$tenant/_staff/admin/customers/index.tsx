import { createFileRoute } from '@tanstack/react-router';
import { redirectToDepoSegment } from '../-components/to-depo-segment';

/** The list moved below the depo segment; old links land there. */
export const Route = createFileRoute('/$tenant/_staff/admin/customers/')({
  validateSearch: (search: Record<string, unknown>) => search,
  beforeLoad: ({ context, params, search }) =>
    redirectToDepoSegment({ context, params, search }, '/$tenant/admin/depo/$depoId/customers'),
});
