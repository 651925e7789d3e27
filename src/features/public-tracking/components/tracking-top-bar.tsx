import type { TrackingTexts } from '../texts';
import { arrivalWindow } from '../model/arrival-window';

/** The arrival window and the stop's address, or 'finished' once the truck has visited the stop. */
export function TrackingTopBar({ texts, address, estimate, visited, timeZone, onMenu }: {
  texts: TrackingTexts;
  address: string | null;
  estimate: string | null;
  visited: boolean;
  timeZone: string;
  onMenu: () => void;
}) {
  const window = visited ? null : arrivalWindow(estimate, timeZone);
  return (
    <header className="tracking-bar" data-visited={visited}>
      <div className="tracking-bar__text" role="status" aria-live="polite">
        {visited ? (
          <>
            <strong className="tracking-bar__eta">{texts.finished}</strong>
            <span className="tracking-bar__note">{texts.finishedNote}</span>
          </>
        ) : (
          <>
            <span className="tracking-bar__label">{texts.expectedArrival}</span>
            <strong className="tracking-bar__eta" data-testid="arrival-window">
              {window ? texts.between(window.from, window.to) : texts.noEstimate}
            </strong>
          </>
        )}
        <span className="tracking-bar__address">{address}</span>
      </div>
      <button type="button" className="tracking-bar__menu" aria-label={texts.menu} onClick={onMenu}>
        <span aria-hidden="true">☰</span>
      </button>
    </header>
  );
}
