import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { Json } from '@/shared/supabase/database.types';
import { routePointsDataSchema, type RoutePointsData } from './route-points-data';

/** One point as save_route_points takes it: in list order; without id it is new; `deleted` ones get deleted_at. */
export interface PointToSave {
  id?: number;
  deleted?: boolean;
  address: string | null;
  custom_address: string | null;
  use_custom_address: boolean;
  lat: number | null;
  lng: number | null;
  wait_time: number | null;
  arrival_time: string | null;
  private_comment: string | null;
}

export interface RouteFieldsToSave {
  administration_time: number | null;
  eod_administration_time: number | null;
  first_stop_arrival_time: string | null;
  last_stop_arrival_time: string | null;
  route_duration: number | null;
  start_address: string | null;
  end_address: string | null;
  start_lat: number | null;
  start_lng: number | null;
  end_lat: number | null;
  end_lng: number | null;
}

export interface SaveRoutePointsInput {
  routeId: number;
  version: number;
  route: RouteFieldsToSave;
  points: PointToSave[];
  approve?: boolean;
}

export async function saveRoutePoints(input: SaveRoutePointsInput): Promise<RoutePointsData> {
  const data = await runQuery(
    supabase.rpc('save_route_points', {
      route_id: input.routeId,
      expected_version: input.version,
      route: input.route as unknown as Json,
      points: input.points as unknown as Json,
      approve: input.approve ?? false,
    }),
  );
  return routePointsDataSchema.parse(data);
}

/** The route was saved by someone else since it was loaded (SQLSTATE PT409). */
export function isVersionConflict(failure: unknown): boolean {
  return (
    typeof failure === 'object' &&
    failure !== null &&
    ((failure as { status?: unknown }).status === 409 || (failure as { code?: unknown }).code === 'PT409')
  );
}
