import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { NearestStop, StopVisit } from '../near-stop';

/** A malformed `upcoming` list (jsonb in the RPC's answer): the page reports it as a failed search. */
export class UnexpectedVisitsError extends Error {
  constructor() {
    super('nearest_public_stops answered visits of an unexpected shape');
    this.name = 'UnexpectedVisitsError';
  }
}

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

// Checked by hand, not with zod: this runs before the first stop list, whose JavaScript has a budget (issue 10).
function readVisits(value: unknown): StopVisit[] {
  if (!Array.isArray(value)) throw new UnexpectedVisitsError();
  return value.map((visit: unknown) => {
    if (typeof visit !== 'object' || visit === null) throw new UnexpectedVisitsError();
    const { date, estimate, original_estimate } = visit as Record<string, unknown>;
    if (typeof date !== 'string' || !textOrNull(estimate) || !textOrNull(original_estimate))
      throw new UnexpectedVisitsError();
    return { date, estimate, original_estimate };
  });
}

/** The stops of a public site nearest to a point, with their coming visits (`nearest_public_stops`). */
export async function fetchNearestStops(site: string, lat: number, lng: number): Promise<NearestStop[]> {
  const rows = await runQuery(
    supabase.rpc('nearest_public_stops', { site, near_lat: lat, near_lng: lng, max_stops: 10 }),
  );
  return rows.map((row) => ({
    routePointId: row.route_point_id,
    stopUuid: row.stop_uuid,
    address: row.address ?? '',
    lat: row.lat,
    lng: row.lng,
    distanceM: row.distance_m,
    upcoming: readVisits(row.upcoming),
  }));
}

export const nearestStopsQueryKey = (site: string, lat: number, lng: number) =>
  ['public', site, 'nearest-stops', lat, lng] as const;
