-- similar_routes (the route catalogue's "Similar routes") pairs each stop of a route with the tenant's stops in a
-- latitude/longitude box around it. No index served the box, so every call read all the tenant's route points
-- (a Seq Scan: 69 ms p50 at scale 0.1's 18,800 points, growing with the catalogue). With (tenant_id, lat) each of
-- the route's stops reads only the narrow band of latitudes of its box; the same answers, found by index.
create index route_points_tenant_lat_idx on public.route_points (tenant_id, lat, lng) where deleted_at is null;
