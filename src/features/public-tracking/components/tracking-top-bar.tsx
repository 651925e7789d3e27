import type { PublicLocale, TrackingTexts } from '../texts';
import { arrivalDay, arrivalWindow } from '../model/arrival-window';
import { MenuIcon } from '@/shared/ui/icons';

/**
 * The arrival window (with its day when the visit is not today) and the stop's address, or 'finished' once the truck
 * has visited the stop.
 */
export function TrackingTopBar({
  texts,
  locale,
  address,
  estimate,
  visited,
  timeZone,
  onMenu,
}: {
  texts: TrackingTexts;
  locale: PublicLocale;
  address: string | null;
  estimate: string | null;
  visited: boolean;
  timeZone: string;
  onMenu: () => void;
}) {
  const window = visited ? null : arrivalWindow(estimate, timeZone);
  const day = window ? arrivalDay(estimate, timeZone, locale) : null;
  const between = window ? texts.between(window.from, window.to) : null;
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
              {between ? (day ? texts.onDay(day, between) : between) : texts.noEstimate}
            </strong>
          </>
        )}
        <span className="tracking-bar__address">{address}</span>
      </div>
      <button type="button" className="tracking-bar__menu" aria-label={texts.menu} onClick={onMenu}>
        <MenuIcon size={20} />
      </button>
    </header>
  );
}
