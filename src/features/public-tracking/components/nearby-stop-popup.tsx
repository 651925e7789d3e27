import { arrivalDay, arrivalWindow } from '../model/arrival-window';
import type { NearbyStop } from '../model/tracking-stop';
import type { PublicLocale, TrackingTexts } from '../texts';

/** A tapped nearby stop: its address and time window (estimate ±10 min), or 'visited' (no window). */
export function NearbyStopPopup({
  texts,
  locale,
  stop,
  visited,
  timeZone,
  onClose,
}: {
  texts: TrackingTexts;
  locale: PublicLocale;
  stop: NearbyStop;
  visited: boolean;
  timeZone: string;
  onClose: () => void;
}) {
  const window = visited ? null : arrivalWindow(stop.google_estimate_time, timeZone);
  const day = window ? arrivalDay(stop.google_estimate_time, timeZone, locale) : null;
  const between = window ? texts.between(window.from, window.to) : null;
  return (
    <div className="tracking-popup" role="dialog" aria-label={texts.nearbyStop} data-stop-uuid={stop.uuid}>
      <button type="button" className="tracking-popup__close" aria-label={texts.close} onClick={onClose}>
        ×
      </button>
      <strong>{stop.address}</strong>
      <span className="tracking-popup__window">
        {visited ? texts.visited : between ? (day ? texts.onDay(day, between) : between) : texts.noEstimate}
      </span>
    </div>
  );
}
