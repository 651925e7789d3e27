import type { PublicSite } from '@/features/public/api/public-site';
import type { NearestStop } from '../near-stop';

export interface StopsMapProps {
  site: PublicSite;
  stops: NearestStop[];
  selectedId: number | null;
  origin: { lat: number; lng: number } | null;
  onSelect: (routePointId: number) => void;
  label: string;
}

/** Where the stops map goes; the map itself loads after the page (its chunk is not needed for the stop list). */
export function StopsMapSlot({ label }: StopsMapProps) {
  return <div className="stops-map stops-map--empty" role="region" aria-label={label} />;
}
