// The route map view's data: customers in the map's box, routes sharing selected customers, their phones,
// moving them to a stop, and the address at a dragged stop. RPCs decide what the caller may see (tenant,
// depo and role); the rows come typed from the generated Database types.
import { z } from 'zod';
import { callFunction } from '@/shared/supabase/call-function';
import { supabase } from '@/shared/supabase/client';
import type { Database } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

type Functions = Database['public']['Functions'];
// The generated types call every column of a returned table non-null; these may be null.
export type MapCustomer = Omit<
  Functions['route_map_customers']['Returns'][number],
  'address' | 'other_route' | 'route_number'
> & {
  address: string | null;
  other_route: string | null;
  route_number: string | null;
};
export type CustomerPhone = Omit<Functions['route_map_phones']['Returns'][number], 'address'> & {
  address: string | null;
};

/** West, south, east, north in degrees. */
export type MapBox = [number, number, number, number];

export interface SimilarRouteStop {
  position: number;
  lat: number;
  lng: number;
}

export interface SimilarRoute {
  id: number;
  name: string;
  depo_title: string;
  shared_customers: number;
  stops: SimilarRouteStop[];
}

const stopsSchema = z.array(z.object({ position: z.number(), lat: z.number(), lng: z.number() }));

export function customersInBox(routeId: number, [west, south, east, north]: MapBox): Promise<MapCustomer[]> {
  return runQuery(supabase.rpc('route_map_customers', { route_id: routeId, west, south, east, north }));
}

export async function similarRoutesOf(routeId: number, customerIds: number[]): Promise<SimilarRoute[]> {
  const rows = await runQuery(
    supabase.rpc('route_map_similar_routes', { route_id: routeId, customer_ids: customerIds }),
  );
  // jsonb arrives untyped: its shape is checked once here, not trusted across the app.
  return rows.map((row) => ({ ...row, stops: stopsSchema.parse(row.stops) }));
}

export function phonesOf(routeId: number, customerIds: number[]): Promise<CustomerPhone[]> {
  return runQuery(supabase.rpc('route_map_phones', { route_id: routeId, customer_ids: customerIds }));
}

export function updateMultipleCustomers(routePointId: number, customerIds: number[]): Promise<number> {
  return runQuery(
    supabase.rpc('update_multiple_customers', { route_point_id: routePointId, customer_ids: customerIds }),
  );
}

const addressSchema = z.array(z.object({ place_name: z.string(), center: z.tuple([z.number(), z.number()]) }));

/** The address at a point through the geocode function (the tenant's provider or the local index); null: none known. */
export async function addressAt(tenantSlug: string, lng: number, lat: number): Promise<string | null> {
  const found = addressSchema.parse(
    await callFunction<unknown>('geocode', { query: { tenant: tenantSlug, lat: String(lat), lng: String(lng) } }),
  );
  return found[0]?.place_name ?? null;
}
