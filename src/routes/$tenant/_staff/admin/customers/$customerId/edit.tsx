import { createFileRoute } from '@tanstack/react-router';
import { redirectRecordToDepoSegment } from '../../-components/to-depo-segment';

/** The edit page moved below the depo segment with the list; old links land there (a bad id is then no page). */
export const Route = createFileRoute('/$tenant/_staff/admin/customers/$customerId/edit')({
  beforeLoad: ({ context, params }) =>
    redirectRecordToDepoSegment({ context, params }, '/$tenant/admin/depo/$depoId/customers/$customerId/edit', {
      customerId: params.customerId,
    }),
});
