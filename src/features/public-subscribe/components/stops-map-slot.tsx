import { lazy, Suspense } from 'react';
import type { PublicSite } from '@/shared/public/api/public-site';
import type { NearestStop } from '../near-stop';

export interface StopsMapProps {
  site: PublicSite;
  stops: NearestStop[];
  selectedId: number | null;
  origin: { lat: number; lng: number } | null;
  onSelect: (routePointId: number) => void;
  label: string;
}

// The map engine and its style are a chunk of their own, loaded after the page (not needed for the stop list).
const StopsMap = lazy(() => import('./stops-map'));

/** Where the stops map goes; a plain area until the map has loaded. */
export function StopsMapSlot(props: StopsMapProps) {
  return (
    <Suspense fallback={<div className="stops-map stops-map--empty" role="region" aria-label={props.label} />}>
      <StopsMap {...props} />
    </Suspense>
  );
}
