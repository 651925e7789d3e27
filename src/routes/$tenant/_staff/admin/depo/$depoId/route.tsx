import { createFileRoute, Outlet } from '@tanstack/react-router';
import { depoParams } from '../../-components/depo-params';

/**
 * The screens of one depo (`/depo/{depoId}/...`): the segment is the depo they work in, and the
 * header's depo switcher changes it. Whether the member may work in it is checked by the staff guard.
 */
export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId')({
  params: depoParams,
  component: Outlet,
});
