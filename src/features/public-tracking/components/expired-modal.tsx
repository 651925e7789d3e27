import type { PublicLocale, TrackingTexts } from '../texts';
import { goTo } from '@/shared/routing/web-url';
import { PublicModal } from './public-modal';

/** Brand homepages are fixed per brand (spec 9); the Danish expired modal links to its homepage. */
const DANISH_HOMEPAGE = 'https://www.hjem-is.dk';

/** No stop for this link (unknown, or its route is over): OK leads to the public page to find a stop. */
export function ExpiredModal({ texts, locale }: { texts: TrackingTexts; locale: PublicLocale }) {
  const toPublicPage = () => goTo(`/${locale}`);
  return (
    <PublicModal title={texts.expiredTitle} onClose={toPublicPage} className="tracking-expired">
      <p>{texts.expiredText}</p>
      <div className="tracking-modal__actions">
        {locale === 'dk' ? (
          <a className="tracking-button tracking-button--quiet" href={DANISH_HOMEPAGE}>
            {texts.homepage}
          </a>
        ) : null}
        <button type="button" className="tracking-button" onClick={toPublicPage}>
          {texts.ok}
        </button>
      </div>
    </PublicModal>
  );
}
