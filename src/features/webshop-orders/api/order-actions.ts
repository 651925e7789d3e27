import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { OrderStatus } from '../order-kinds';
import { webshopOrdersKey } from './get-webshop-orders';

export const setOrderStatus = (orderId: number, status: OrderStatus) =>
  runQuery(supabase.rpc('set_webshop_order_status', { p_order_id: orderId, p_status: status }));

export const markOrdersPrinted = (orderIds: number[]) =>
  runQuery(supabase.rpc('mark_webshop_orders_printed', { p_order_ids: orderIds }));

export interface RouteChange {
  orderId: number;
  planEventId: number;
  pointId: number | null;
  firstStop: boolean;
}

export const changeOrderRoute = ({ orderId, planEventId, pointId, firstStop }: RouteChange) =>
  runQuery(
    supabase.rpc('change_webshop_order_route', {
      p_order_id: orderId,
      p_plan_event_id: planEventId,
      // The function reads a missing stop as "none" when the first stop is ticked.
      p_point_id: pointId as number,
      p_first_stop: firstStop,
    }),
  );

export const moveOrderToDepo = (orderId: number, depoId: number) =>
  runQuery(supabase.rpc('move_webshop_order_to_depo', { p_order_id: orderId, p_depo_id: depoId }));

export const cleanupOrders = (depoId: number, start: string, end: string) =>
  runQuery(supabase.rpc('cleanup_webshop_orders', { p_depo_id: depoId, p_start_date: start, p_end_date: end }));

/** A mutation that refreshes the depo's order lists when it settles (the live broadcast does the same for others). */
export function useOrderMutation<Args, Result>(slug: string, depoId: number, run: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webshopOrdersKey(slug, depoId).all }),
  });
}
