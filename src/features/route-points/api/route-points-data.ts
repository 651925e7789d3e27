import { z } from 'zod';

// The editor's data as route_points_for_editor / save_route_points answer it (jsonb, so checked here).
const time = z.string().nullable();
const hours = z
  .union([z.number(), z.string()])
  .nullable()
  .transform((value) => (value === null ? null : Number(value)));

export const b2bCustomerOnPointSchema = z.object({ id: z.number(), shop_id: z.string().nullable(), name: z.string() });
export type B2bCustomerOnPoint = z.infer<typeof b2bCustomerOnPointSchema>;

export const savedPointSchema = z.object({
  id: z.number(),
  route_id: z.number(),
  position: z.number(),
  address: z.string().nullable(),
  custom_address: z.string().nullable(),
  use_custom_address: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  sales_count: z.number(),
  wait_time: hours,
  arrival_time: time,
  private_comment: z.string().nullable(),
  google_estimate_time: time,
  b2b_customers: z.array(b2bCustomerOnPointSchema),
  active_customers_count: z.number(),
});
export type SavedPoint = z.infer<typeof savedPointSchema>;

export const editorRouteSchema = z.object({
  id: z.number(),
  depo_id: z.number(),
  name: z.string(),
  version: z.number(),
  should_approve: z.enum(['pending', 'approved', 'rejected']),
  administration_time: hours,
  eod_administration_time: hours,
  first_stop_arrival_time: time,
  last_stop_arrival_time: time,
  route_duration: hours,
  start_address: z.string().nullable(),
  end_address: z.string().nullable(),
  start_lat: z.number().nullable(),
  start_lng: z.number().nullable(),
  end_lat: z.number().nullable(),
  end_lng: z.number().nullable(),
  minimum_efficient_sales_count: z.number(),
});
export type EditorRoute = z.infer<typeof editorRouteSchema>;

export const unplannedSaleSchema = z.object({
  id: z.number(),
  date: z.string(),
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type UnplannedSale = z.infer<typeof unplannedSaleSchema>;

export const routePointsDataSchema = z.object({
  route: editorRouteSchema,
  can_edit: z.boolean(),
  points: z.array(savedPointSchema),
  unplanned_sales: z.array(unplannedSaleSchema),
});
export type RoutePointsData = z.infer<typeof routePointsDataSchema>;
