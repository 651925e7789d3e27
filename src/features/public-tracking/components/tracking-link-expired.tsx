import { trackingTexts, type PublicLocale } from '../texts';
import { ExpiredModal } from './expired-modal';
import '../tracking.css';

/**
 * A tracking link that names no stop (an SMS link cut short by a phone or a mail client): the customer gets the
 * brand's expired message in their language, with the way to find their stop, not a staff "Page not found".
 */
export function TrackingLinkExpired({ locale }: { locale: PublicLocale }) {
  return (
    <div className="tracking" lang={locale === 'dk' ? 'da' : 'nb'}>
      <ExpiredModal texts={trackingTexts[locale]} locale={locale} />
    </div>
  );
}
