import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

export interface MoveRoutePointsInput {
  routeId: number;
  version: number;
  pointIds: number[];
  targetRouteId: number;
  keepPoints: boolean;
}

/** Appends the points to another route; without keepPoints they leave this one. Answers how many moved. */
export function moveRoutePoints(input: MoveRoutePointsInput): Promise<number> {
  return runQuery(
    supabase.rpc('move_route_points', {
      route_id: input.routeId,
      expected_version: input.version,
      point_ids: input.pointIds,
      target_route_id: input.targetRouteId,
      keep_points: input.keepPoints,
    }),
  );
}
