import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { publicTexts } from '@/shared/public/i18n/texts';
import { usePublicSite } from '@/shared/public/public-site-context';
import { RequestError } from '@/shared/supabase/request-error';
import {
  captchaQueryOptions,
  LOCAL_CAPTCHA_TOKEN,
  requestSubscribeCode,
  type SubscribeRequest,
} from '../api/subscribe';
import { isUsablePhone, toSentPhone } from '../phone';
import { CodeStep } from './code-step';
import { PhoneInput } from './phone-input';
import { TurnstileWidget } from './turnstile-widget';
import { usePhoneProblemText } from './use-phone-problem';

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
 * Phone, privacy consent, marketing agreement (unticked unless the customer ticks it) and the captcha; the button
 * stays disabled until the phone is valid for the site's country and 8+ characters (the field says why not),
 * privacy is ticked and a captcha token exists. Sending it sends a code by SMS; the code step then confirms it
 * (double opt-in), and only that answers the customer's uuid.
 */
export function SubscribeForm({
  target,
  initialPhone,
  onSubscribed,
}: {
  target: SubscribeTarget;
  initialPhone: string;
  onSubscribed: (customerUuid: string) => void;
}) {
  const site = usePublicSite();
  const t = useCatalogue(publicTexts);
  const captcha = useQuery(captchaQueryOptions(site.public_segment));
  const [phone, setPhone] = useState(initialPhone);
  const [privacy, setPrivacy] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const lock = useSubmitLock();
  const phoneProblemText = usePhoneProblemText(phone, site.country_code);
  const privacyId = useId();
  const marketingId = useId();

  const token = captcha.data?.kind === 'none' ? LOCAL_CAPTCHA_TOKEN : turnstileToken;
  const ready = isUsablePhone(phone, site.country_code) && privacy && Boolean(token) && !sending;

  const requestFor = (captchaToken: string): SubscribeRequest => ({
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
    captcha_token: captchaToken,
    facebook_messenger_id: target.messenger?.facebookMessengerId ?? null,
    broadcast_message_block_id: target.messenger?.broadcastMessageBlockId ?? null,
    page: window.location.pathname,
    sms_consent_text: t.privacyConsent,
    marketing_consent_text: t.marketingAgreement,
  });

  /** Sends (again) a code to the phone; a used Turnstile token cannot be sent twice, so a new answer is needed. */
  const sendCode = async (captchaToken: string) => {
    try {
      setRequestId(await requestSubscribeCode(requestFor(captchaToken)));
    } finally {
      if (captcha.data?.kind === 'turnstile') setTurnstileToken(null);
    }
  };

  const submit = async () => {
    if (!ready || !token || !lock.acquire()) return;
    setSending(true);
    setError(null);
    try {
      await sendCode(token);
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      lock.release();
      setSending(false);
    }
  };

  const captchaWidget =
    captcha.data?.kind === 'turnstile' ? (
      <div className="public-field" aria-label={t.captchaLabel} role="group">
        <TurnstileWidget
          siteKey={captcha.data.siteKey}
          language={site.language === 'dk' ? 'da' : 'nb'}
          onToken={setTurnstileToken}
        />
      </div>
    ) : null;

  if (requestId) {
    return (
      <>
        <CodeStep
          requestId={requestId}
          phone={phone}
          onConfirmed={onSubscribed}
          onResend={async () => {
            if (token) await sendCode(token);
          }}
          onChangePhone={() => setRequestId(null)}
          resendReady={Boolean(token)}
        />
        {captchaWidget}
      </>
    );
  }

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
      <PhoneInput
        value={phone}
        onChange={setPhone}
        label={t.phoneLabel}
        placeholder={t.phonePlaceholder}
        countryCode={site.country_code}
        phonePrefix={site.phone_prefix}
        problemText={phoneProblemText}
      />
      <div className="public-check">
        <input
          id={privacyId}
          type="checkbox"
          checked={privacy}
          onChange={(event) => setPrivacy(event.target.checked)}
        />
        <label htmlFor={privacyId}>{t.privacyConsent}</label>
      </div>
      <div className="public-check">
        <input
          id={marketingId}
          type="checkbox"
          checked={marketing}
          onChange={(event) => setMarketing(event.target.checked)}
        />
        <label htmlFor={marketingId}>{t.marketingAgreement}</label>
      </div>
      {captchaWidget}
      {captcha.isError ? (
        <p className="public-form__error" role="alert">
          {t.genericError}
        </p>
      ) : null}
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
