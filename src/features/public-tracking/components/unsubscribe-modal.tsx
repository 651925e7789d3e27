import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { goTo } from '@/shared/routing/web-url';
import { unsubscribeFromTracking } from '../api/tracking-queries';
import type { TrackingCustomer } from '../model/tracking-stop';
import type { TrackingTexts } from '../texts';
import { PublicModal } from './public-modal';

/**
 * Unsubscribe from the tracking page. A customer with both SMS permission and marketing agreement chooses with
 * two boxes (both: a full unsubscribe); anyone else confirms a full unsubscribe. The outcome is said first (what
 * was unsubscribed, or that it failed), then OK takes the customer to the brand's homepage (spec 8): leaving at
 * once left them on another site without knowing whether it worked.
 */
export function UnsubscribeModal({
  texts,
  customer,
  homepageUrl,
  fallbackUrl,
  onClose,
}: {
  texts: TrackingTexts;
  customer: TrackingCustomer;
  homepageUrl: string | null;
  /** Where to land when the homepage is missing or not an http(s) URL: the public page. */
  fallbackUrl: string;
  onClose: () => void;
}) {
  const partial = customer.sms_permission && customer.marketing_agreement;
  const [routeSms, setRouteSms] = useState(false);
  const [marketingSms, setMarketingSms] = useState(false);
  const leave = () => goTo(homepageUrl) || goTo(fallbackUrl);
  const unsubscribe = useMutation({ mutationFn: unsubscribeFromTracking });
  const chosen = partial ? routeSms || marketingSms : true;

  if (unsubscribe.isSuccess || unsubscribe.isError) {
    const what = unsubscribe.variables;
    const done =
      what && what.routeSms && !what.marketingSms
        ? texts.unsubscribedRouteSms
        : what && what.marketingSms && !what.routeSms
          ? texts.unsubscribedMarketingSms
          : texts.unsubscribedAll;
    return (
      <PublicModal
        title={unsubscribe.isSuccess ? texts.unsubscribedTitle : texts.unsubscribeFailedTitle}
        onClose={leave}
      >
        <p role="status">{unsubscribe.isSuccess ? done : texts.unsubscribeFailed}</p>
        <div className="tracking-modal__actions">
          <button type="button" className="tracking-button" onClick={leave}>
            {texts.ok}
          </button>
        </div>
      </PublicModal>
    );
  }

  return (
    <PublicModal title={texts.unsubscribeTitle} onClose={onClose}>
      <p>{partial ? texts.partialUnsubscribeText : texts.unsubscribeText}</p>
      {partial ? (
        <div className="tracking-modal__choices">
          <label>
            <input type="checkbox" checked={routeSms} onChange={(event) => setRouteSms(event.target.checked)} />{' '}
            {texts.routeSms}
          </label>
          <label>
            <input type="checkbox" checked={marketingSms} onChange={(event) => setMarketingSms(event.target.checked)} />{' '}
            {texts.marketingSms}
          </label>
        </div>
      ) : null}
      <div className="tracking-modal__actions">
        <button type="button" className="tracking-button tracking-button--quiet" onClick={onClose}>
          {texts.cancel}
        </button>
        <button
          type="button"
          className="tracking-button"
          disabled={!chosen || unsubscribe.isPending}
          onClick={() =>
            unsubscribe.mutate(
              partial
                ? { customerUuid: customer.uuid, routeSms, marketingSms }
                : { customerUuid: customer.uuid, routeSms: true, marketingSms: true },
            )
          }
        >
          {unsubscribe.isPending ? texts.unsubscribing : texts.confirmUnsubscribe}
        </button>
      </div>
    </PublicModal>
  );
}
