import type { TrackingTexts } from '../texts';

/** The menu: change stop (the public homepage), the shop, and unsubscribe when the customer is known. */
export function TrackingMenu({
  texts,
  locale,
  shopUrl,
  canUnsubscribe,
  onUnsubscribe,
  onClose,
}: {
  texts: TrackingTexts;
  locale: string;
  shopUrl: string | null;
  canUnsubscribe: boolean;
  onUnsubscribe: () => void;
  onClose: () => void;
}) {
  return (
    <nav className="tracking-menu" aria-label={texts.menu}>
      <button type="button" className="tracking-menu__close" aria-label={texts.closeMenu} onClick={onClose}>
        ×
      </button>
      <ul>
        <li>
          <a href={`/${locale}`}>{texts.changeStop}</a>
        </li>
        {shopUrl ? (
          <li>
            <a href={shopUrl} target="_blank" rel="noopener noreferrer">
              {texts.shop}
            </a>
          </li>
        ) : null}
        {canUnsubscribe ? (
          <li>
            <button type="button" onClick={onUnsubscribe}>
              {texts.unsubscribe}
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
