import { arrivalWindow } from '../model/arrival-window';
import type { NearbyStop } from '../model/tracking-stop';
import type { TrackingTexts } from '../texts';

/** A tapped nearby stop: its address and time window (estimate ±10 min), or 'visited' (no window). */
export function NearbyStopPopup({ texts, stop, visited, timeZone, onClose }: {
  texts: TrackingTexts;
  stop: NearbyStop;
  visited: boolean;
  timeZone: string;
  onClose: () => void;
}) {
  const window = visited ? null : arrivalWindow(stop.google_estimate_time, timeZone);
  return (
    <div className="tracking-popup" role="dialog" aria-label={texts.nearbyStop} data-stop-uuid={stop.uuid}>
      <button type="button" className="tracking-popup__close" aria-label={texts.close} onClick={onClose}>×</button>
      <strong>{stop.address}</strong>
      <span className="tracking-popup__window">
        {visited ? texts.visited : window ? texts.between(window.from, window.to) : texts.noEstimate}
      </span>
    </div>
  );
}
