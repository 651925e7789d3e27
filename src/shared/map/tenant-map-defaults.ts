import type { MapViewState } from './geometry';

/** A tenant's map region as stored on its row (`tenants.map_center_*`, `map_zoom`). */
export interface TenantMapRegion {
  map_center_lat: number;
  map_center_lng: number;
  map_zoom: number;
}

/** Used while a tenant's region is unknown: Scandinavia, where the reference tenants drive. */
export const fallbackMapView: MapViewState = { longitude: 10.5, latitude: 58.5, zoom: 4 };

/** Where a tenant's maps open: its region's centre and zoom (the spec's "region per tenant"). */
export function tenantMapDefaults(tenant: TenantMapRegion | null | undefined): MapViewState {
  if (!tenant) return fallbackMapView;
  const { map_center_lat: latitude, map_center_lng: longitude, map_zoom: zoom } = tenant;
  const valid = Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && zoom >= 0 && zoom <= 22;
  return valid ? { longitude, latitude, zoom: Number(zoom) } : fallbackMapView;
}
