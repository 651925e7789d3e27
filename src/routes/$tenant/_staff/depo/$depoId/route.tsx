import { createFileRoute, Outlet } from '@tanstack/react-router';
import { depoParams } from '../../admin/-components/depo-params';

/**
 * The operations screens of one depo (`/{tenant}/depo/{depoId}/...`, as the delivery-operations spec
 * addresses them): routes, route points, the calendar. The header's depo switcher changes the segment;
 * whether the member may work in that depo is checked by the staff guard.
 */
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId')({
  params: depoParams,
  component: Outlet,
});
