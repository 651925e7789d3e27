import { createFileRoute } from '@tanstack/react-router';
import { redirectRecordToDepoSegment } from '../-components/to-depo-segment';

/** The form moved below the depo segment with the list; old links land there. */
export const Route = createFileRoute('/$tenant/_staff/admin/customers/new')({
  beforeLoad: ({ context, params }) =>
    redirectRecordToDepoSegment({ context, params }, '/$tenant/admin/depo/$depoId/customers/new'),
});
