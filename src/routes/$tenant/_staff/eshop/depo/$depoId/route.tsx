import { createFileRoute, Outlet } from '@tanstack/react-router';
import { depoParams } from '../../../admin/-components/depo-params';

/** The web-shop order screens of one depo (`/{tenant}/eshop/depo/{depoId}/...`, as the spec addresses them). */
export const Route = createFileRoute('/$tenant/_staff/eshop/depo/$depoId')({
  params: depoParams,
  component: Outlet,
});
