import { useEffect, useState } from 'react';
import { geolocationUnsupported } from '../texts';

export interface OwnLocation {
  lat: number;
  lng: number;
}

/**
 * The customer's own location, asked for once the page has its stop (spec 4) and followed while it is open.
 * A browser without geolocation gets the spec's alert; a refusal simply shows no location.
 */
export function useOwnLocation(enabled: boolean): OwnLocation | null {
  const [location, setLocation] = useState<OwnLocation | null>(null);
  useEffect(() => {
    if (!enabled) return;
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      window.alert(geolocationUnsupported);
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      (position) => setLocation({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => setLocation(null),
      { enableHighAccuracy: false, maximumAge: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [enabled]);
  return location;
}
