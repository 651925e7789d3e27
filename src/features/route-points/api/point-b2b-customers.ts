import { z } from 'zod';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { b2bCustomerOnPointSchema, type B2bCustomerOnPoint } from './route-points-data';

/** A point's B2B customers after a change, and the route's version after it (the change is a change of the route). */
const pointCustomersChangeSchema = z.object({
  b2b_customers: z.array(b2bCustomerOnPointSchema),
  version: z.number().int(),
});
export type PointCustomersChange = z.infer<typeof pointCustomersChangeSchema>;

/** Adds a B2B customer to a saved point at once. */
export async function addB2bCustomerToPoint(pointId: number, b2bCustomerId: number): Promise<PointCustomersChange> {
  return pointCustomersChangeSchema.parse(
    await runQuery(
      supabase.rpc('add_b2b_customer_to_route_point', { route_point_id: pointId, b2b_customer_id: b2bCustomerId }),
    ),
  );
}

/** Removes a B2B customer from a saved point at once ('Already deleted' when it was not there). */
export async function removeB2bCustomerFromPoint(
  pointId: number,
  b2bCustomerId: number,
): Promise<PointCustomersChange> {
  return pointCustomersChangeSchema.parse(
    await runQuery(
      supabase.rpc('remove_b2b_customer_from_route_point', { route_point_id: pointId, b2b_customer_id: b2bCustomerId }),
    ),
  );
}

/**
 * B2B customers of the tenant whose name or shop id contains the text (the picker's search, 10 at most). Through
 * `b2b_customer_picker` rather than REST: under row-level security a rare phrase read every customer (issue 15).
 */
export async function searchB2bCustomers(text: string): Promise<B2bCustomerOnPoint[]> {
  const rows = await runQuery(supabase.rpc('b2b_customer_picker', { p_text: text }));
  return rows.map((row) => ({ id: row.id, shop_id: row.shop_id, name: row.customer_name }));
}
