import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { unsubscribeFromTracking } from '../api/tracking-queries';
import type { TrackingCustomer } from '../model/tracking-stop';
import type { TrackingTexts } from '../texts';
import { PublicModal } from './public-modal';

/**
 * Unsubscribe from the tracking page. A customer with both SMS permission and marketing agreement chooses with
 * two boxes (both: a full unsubscribe); anyone else confirms a full unsubscribe. Success or failure, the
 * customer lands on the brand's homepage (spec 8).
 */
export function UnsubscribeModal({ texts, customer, homepageUrl, onClose }: {
  texts: TrackingTexts;
  customer: TrackingCustomer;
  homepageUrl: string;
  onClose: () => void;
}) {
  const partial = customer.sms_permission && customer.marketing_agreement;
  const [routeSms, setRouteSms] = useState(false);
  const [marketingSms, setMarketingSms] = useState(false);
  const leave = () => window.location.assign(homepageUrl);
  const unsubscribe = useMutation({ mutationFn: unsubscribeFromTracking, onSettled: leave });
  const chosen = partial ? routeSms || marketingSms : true;

  return (
    <PublicModal title={texts.unsubscribeTitle} onClose={onClose}>
      <p>{partial ? texts.partialUnsubscribeText : texts.unsubscribeText}</p>
      {partial ? (
        <div className="tracking-modal__choices">
          <label><input type="checkbox" checked={routeSms} onChange={(event) => setRouteSms(event.target.checked)} /> {texts.routeSms}</label>
          <label><input type="checkbox" checked={marketingSms} onChange={(event) => setMarketingSms(event.target.checked)} /> {texts.marketingSms}</label>
        </div>
      ) : null}
      <div className="tracking-modal__actions">
        <button type="button" className="tracking-button tracking-button--quiet" onClick={onClose}>{texts.cancel}</button>
        <button
          type="button"
          className="tracking-button"
          disabled={!chosen || unsubscribe.isPending || unsubscribe.isSuccess}
          onClick={() => unsubscribe.mutate(partial
            ? { customerUuid: customer.uuid, routeSms, marketingSms }
            : { customerUuid: customer.uuid, routeSms: true, marketingSms: true })}
        >
          {texts.confirmUnsubscribe}
        </button>
      </div>
    </PublicModal>
  );
}
