import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { publicTexts } from '@/shared/public/i18n/texts';
import { usePublicSite } from '@/shared/public/public-site-context';
import { RequestError } from '@/shared/supabase/request-error';
import { captchaQueryOptions, LOCAL_CAPTCHA_TOKEN, type SubscribeRequest, subscribeToStop } from '../api/subscribe';
import { isUsablePhone, toSentPhone } from '../phone';
import { PhoneInput } from './phone-input';
import { TurnstileWidget } from './turnstile-widget';

export interface SubscribeTarget {
  routePointId: number;
  address: string;
  /** The address the customer searched for, and its place. */
  origin: { address: string; lat: number; lng: number } | null;
  messenger: { facebookMessengerId: string | null; broadcastMessageBlockId: string | null } | null;
}

type Texts = Record<keyof (typeof publicTexts)['dk'], string>;

function failureText(error: unknown, t: Texts): string {
  if (!(error instanceof RequestError)) return t.genericError;
  if (error.status === 429) return t.rateLimited;
  if (error.message === 'captcha_failed') return t.captchaFailed;
  if (error.message === 'captcha_unreachable') return t.captchaUnreachable;
  if (error.message === 'invalid_phone' || error.status === 422) return t.invalidPhone;
  return t.genericError;
}

/**
 * Phone, privacy consent, marketing agreement (ticked by default) and the captcha; the button stays disabled until
 * the phone is valid for the site's country and 8+ characters, privacy is ticked and a captcha token exists.
 */
export function SubscribeForm({ target, initialPhone, onSubscribed }: { target: SubscribeTarget; initialPhone: string; onSubscribed: (customerUuid: string) => void }) {
  const site = usePublicSite();
  const t = useCatalogue(publicTexts);
  const captcha = useQuery(captchaQueryOptions(site.public_segment));
  const [phone, setPhone] = useState(initialPhone);
  const [privacy, setPrivacy] = useState(false);
  const [marketing, setMarketing] = useState(true);
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const lock = useSubmitLock();
  const privacyId = useId();
  const marketingId = useId();

  const token = captcha.data?.kind === 'none' ? LOCAL_CAPTCHA_TOKEN : turnstileToken;
  const ready = isUsablePhone(phone, site.country_code) && privacy && Boolean(token) && !sending;

  const submit = async () => {
    if (!ready || !token || !lock.acquire()) return;
    setSending(true);
    setError(null);
    const request: SubscribeRequest = {
      site: site.public_segment,
      route_point_id: target.routePointId,
      phone: toSentPhone(phone, site.country_code),
      address: target.origin?.address ?? null,
      lat: target.origin?.lat ?? null,
      lng: target.origin?.lng ?? null,
      original_address: target.origin?.address ?? null,
      original_lat: target.origin?.lat ?? null,
      original_lng: target.origin?.lng ?? null,
      marketing_agreement: marketing,
      captcha_token: token,
      facebook_messenger_id: target.messenger?.facebookMessengerId ?? null,
      broadcast_message_block_id: target.messenger?.broadcastMessageBlockId ?? null,
    };
    try {
      onSubscribed(await subscribeToStop(request));
    } catch (failure) {
      setError(failureText(failure, t));
      // A used Turnstile token cannot be sent twice.
      if (captcha.data?.kind === 'turnstile') setTurnstileToken(null);
    } finally {
      lock.release();
      setSending(false);
    }
  };

  return (
    <form
      className="public-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="public-form__lead">{t.subscribeFor.replace('{address}', target.address)}</p>
      <PhoneInput value={phone} onChange={setPhone} label={t.phoneLabel} placeholder={t.phonePlaceholder} countryCode={site.country_code} phonePrefix={site.phone_prefix} />
      <div className="public-check">
        <input id={privacyId} type="checkbox" checked={privacy} onChange={(event) => setPrivacy(event.target.checked)} />
        <label htmlFor={privacyId}>{t.privacyConsent}</label>
      </div>
      <div className="public-check">
        <input id={marketingId} type="checkbox" checked={marketing} onChange={(event) => setMarketing(event.target.checked)} />
        <label htmlFor={marketingId}>{t.marketingAgreement}</label>
      </div>
      {captcha.data?.kind === 'turnstile' ? (
        <div className="public-field" aria-label={t.captchaLabel} role="group">
          <TurnstileWidget siteKey={captcha.data.siteKey} language={site.language === 'dk' ? 'da' : 'nb'} onToken={setTurnstileToken} />
        </div>
      ) : null}
      {captcha.isError ? <p className="public-form__error" role="alert">{t.genericError}</p> : null}
      {error ? (
        <p className="public-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="public-button public-button--primary" disabled={!ready}>
        {t.subscribe}
      </button>
    </form>
  );
}
