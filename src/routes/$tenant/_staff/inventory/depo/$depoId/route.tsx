import { createFileRoute, Outlet } from '@tanstack/react-router';
import { depoParams } from '../../../admin/-components/depo-params';

/**
 * The inventory screens of one depo (`/{tenant}/inventory/depo/{depoId}/...`, as the inventory spec addresses
 * them). The header's depo switcher changes the segment; the staff guard checks the member may work in it.
 */
export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId')({
  params: depoParams,
  component: Outlet,
});
