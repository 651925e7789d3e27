import { Suspense, useState } from 'react';
import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { usePublicLanguage } from '@/shared/public/i18n/language';
import { publicTexts } from '@/shared/public/i18n/texts';
import { usePublicSite } from '@/shared/public/public-site-context';
import type { NearestStop } from '../near-stop';
import type { UnsubscribeOutcome } from '../api/unsubscribe';
import { useSmsLeadText } from '../use-sms-lead-text';
import { formatDistance } from '../visit-window';
import { Intro } from './intro';
import { LazyUnsubscribeForm } from './lazy-forms';
import { UpcomingVisits } from './upcoming-visits';

/**
 * The side panel (desktop) or bottom sheet (phone): the selected stop with its coming visits, the subscribe button
 * and the expandable unsubscribe section; on a phone the 'SMS-service' button. Without a stop: the intro.
 */
export function StopPanel({
  stop,
  isPhone,
  onSubscribe,
  onSmsService,
  onUnsubscribed,
}: {
  stop: NearestStop | null;
  isPhone: boolean;
  onSubscribe: () => void;
  onSmsService: () => void;
  onUnsubscribed: (outcome: UnsubscribeOutcome) => void;
}) {
  const t = useCatalogue(publicTexts);
  const site = usePublicSite();
  const language = usePublicLanguage();
  const [unsubscribeOpen, setUnsubscribeOpen] = useState(false);
  // The stop's depo's lead time, as its SMS will keep it; nothing is promised until it is known.
  const smsLead = useSmsLeadText(stop?.routePointId ?? null, t.stopSmsLead, '');
  return (
    <aside
      className={isPhone ? 'stop-panel stop-panel--sheet' : 'stop-panel stop-panel--side'}
      aria-label={stop ? t.selectedStop : t.introTitle}
    >
      {stop ? (
        <div className="stop-panel__stop">
          <p className="stop-panel__label">{t.selectedStop}</p>
          <h2 className="stop-panel__address">{stop.address}</h2>
          <p className="stop-panel__distance">
            {t.distance.replace('{distance}', formatDistance(stop.distanceM, language))}
          </p>
          <UpcomingVisits visits={stop.upcoming} timeZone={site.time_zone} />
          {smsLead ? <p className="stop-panel__sms-lead">{smsLead}</p> : null}
        </div>
      ) : (
        <Intro />
      )}
      <div className="stop-panel__actions">
        {isPhone ? (
          <button type="button" className="public-button public-button--primary" onClick={onSmsService}>
            {t.smsService}
          </button>
        ) : (
          <>
            {stop ? (
              <button type="button" className="public-button public-button--primary" onClick={onSubscribe}>
                {t.subscribe}
              </button>
            ) : null}
            <button
              type="button"
              className="public-link-button"
              aria-expanded={unsubscribeOpen}
              onClick={() => setUnsubscribeOpen((open) => !open)}
            >
              {t.unsubscribeSection}
            </button>
            {unsubscribeOpen ? (
              <Suspense fallback={<p>{t.loading}</p>}>
                <LazyUnsubscribeForm onResult={onUnsubscribed} />
              </Suspense>
            ) : null}
          </>
        )}
      </div>
    </aside>
  );
}
