import { z } from 'zod';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

const Visit = z.object({ date: z.string(), estimate: z.string().nullable(), original_estimate: z.string().nullable() });
export type StopVisit = z.infer<typeof Visit>;

export interface NearestStop {
  routePointId: number;
  stopUuid: string | null;
  address: string;
  lat: number;
  lng: number;
  distanceM: number;
  upcoming: StopVisit[];
}

/** The spec's threshold: a first stop farther than this opens the no-near-stop modal. */
export const NEAR_STOP_MAX_METRES = 5000;

/** The stops of a public site nearest to a point, with their coming visits (`nearest_public_stops`). */
export async function fetchNearestStops(site: string, lat: number, lng: number): Promise<NearestStop[]> {
  const rows = await runQuery(supabase.rpc('nearest_public_stops', { site, near_lat: lat, near_lng: lng, max_stops: 10 }));
  return rows.map((row) => ({
    routePointId: row.route_point_id,
    stopUuid: row.stop_uuid,
    address: row.address ?? '',
    lat: row.lat,
    lng: row.lng,
    distanceM: row.distance_m,
    upcoming: z.array(Visit).parse(row.upcoming),
  }));
}

export function hasNearStop(stops: NearestStop[]): boolean {
  const first = stops[0];
  return first !== undefined && first.distanceM <= NEAR_STOP_MAX_METRES;
}

export const nearestStopsQueryKey = (site: string, lat: number, lng: number) => ['public', site, 'nearest-stops', lat, lng] as const;
