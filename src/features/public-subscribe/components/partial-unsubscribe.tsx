import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { publicTexts } from '@/shared/public/i18n/texts';
import { usePublicSite } from '@/shared/public/public-site-context';
import { goTo, webUrl } from '@/shared/routing/web-url';
import { customerConsentsQueryOptions, unsubscribeCustomer } from '../api/unsubscribe';

/**
 * Unsubscribe of a known customer: with both route SMS and marketing SMS, two boxes (both ticked is a full
 * unsubscribe); with one, a plain unsubscribe; with none, the already-unsubscribed message. Success or failure both
 * end on the brand's homepage (spec §8).
 */
export function PartialUnsubscribe({ customerUuid }: { customerUuid: string }) {
  const t = useCatalogue(publicTexts);
  const site = usePublicSite();
  const consents = useQuery(customerConsentsQueryOptions(customerUuid));
  const [sms, setSms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [sending, setSending] = useState(false);
  const lock = useSubmitLock();
  const smsId = useId();
  const marketingId = useId();

  if (consents.isPending) return <p>{t.loading}</p>;
  const current = consents.data;
  if (!current || (!current.sms_permission && !current.marketing_agreement)) {
    return (
      <section className="public-card">
        <h1>{t.unsubscribeTitle}</h1>
        <p role="status">{t.alreadyUnsubscribed}</p>
      </section>
    );
  }
  const partial = current.sms_permission && current.marketing_agreement;

  const send = async (stopSms: boolean, stopMarketing: boolean) => {
    if (!lock.acquire()) return;
    setSending(true);
    try {
      await unsubscribeCustomer(customerUuid, stopSms, stopMarketing);
    } catch {
      // The spec sends both outcomes to the homepage.
    }
    goTo(webUrl(site.homepage_url) ?? `/${encodeURIComponent(site.public_segment)}`);
  };

  return (
    <section className="public-card">
      <h1>{partial ? t.partialUnsubscribeTitle : t.unsubscribeTitle}</h1>
      {partial ? (
        <>
          <div className="public-check">
            <input id={smsId} type="checkbox" checked={sms} onChange={(event) => setSms(event.target.checked)} />
            <label htmlFor={smsId}>{t.partialRouteSms}</label>
          </div>
          <div className="public-check">
            <input
              id={marketingId}
              type="checkbox"
              checked={marketing}
              onChange={(event) => setMarketing(event.target.checked)}
            />
            <label htmlFor={marketingId}>{t.partialMarketingSms}</label>
          </div>
          <button
            type="button"
            className="public-button public-button--primary"
            disabled={sending || (!sms && !marketing)}
            onClick={() => void send(sms, marketing)}
          >
            {t.unsubscribe}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="public-button public-button--primary"
          disabled={sending}
          onClick={() => void send(current.sms_permission, current.marketing_agreement)}
        >
          {t.unsubscribe}
        </button>
      )}
    </section>
  );
}
