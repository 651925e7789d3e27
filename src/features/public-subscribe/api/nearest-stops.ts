import { z } from 'zod';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { NearestStop } from '../near-stop';

const Visit = z.object({ date: z.string(), estimate: z.string().nullable(), original_estimate: z.string().nullable() });

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

export const nearestStopsQueryKey = (site: string, lat: number, lng: number) => ['public', site, 'nearest-stops', lat, lng] as const;
