// The map foundation every map screen uses. Import it only from a component the page loads with
// React.lazy: the engine and its style are a chunk of their own, loaded after the page's first content.
export { MapView, type MapViewProps } from './map-view';
export { useMapHandle, type MapHandle, type FitBoundsOptions } from './map-handle';
export {
  PointsLayer,
  pointColours,
  pointsLayerIds,
  type PointsLayerProps,
  type PointVariant,
  type PointStyleProperties,
} from './points-layer';
export {
  LiveTrucksLayer,
  trucksToFeatures,
  type LiveTrucksLayerProps,
  type TruckPosition,
  type TruckPositions,
  type SubscribeToTrucks,
} from './live-trucks-layer';
export { mapStyle, mapConfig } from './map-style';
export { useLocalMapStyle, type LocalMapStyle } from './use-local-map-style';
export { BaseMapCells } from './base-map-cells-layer';
export { PathLayer } from './path-layer';
export { tenantMapDefaults, fallbackMapView, type TenantMapRegion } from './tenant-map-defaults';
export { tenantMapRegionQueryOptions } from './tenant-map-region-query';
export { boundsOf, type LngLat, type MapViewState } from './geometry';
export { textImageId, truckIconId } from './text-images';
export { withOverlays, pointsOverlay, liveTrucksOverlay, type StyleOverlay } from './opening-style';
