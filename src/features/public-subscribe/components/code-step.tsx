import { useId, useState } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { fillText, useCatalogue } from '@/shared/public/i18n/catalogue';
import { publicTexts } from '@/shared/public/i18n/texts';
import { usePublicSite } from '@/shared/public/public-site-context';
import { RequestError } from '@/shared/supabase/request-error';
import { confirmSubscribeCode } from '../api/subscribe';
import { optInTexts } from '../texts';

const CODE_PATTERN = /^\d{6}$/;

type Texts = Record<keyof (typeof optInTexts)['dk'], string> & Record<keyof (typeof publicTexts)['dk'], string>;

function confirmFailure(error: unknown, t: Texts): { text: string; spent: boolean } {
  if (error instanceof RequestError) {
    if (error.message === 'wrong_code') return { text: t.wrongCode, spent: false };
    if (error.message === 'too_many_attempts') return { text: t.tooManyAttempts, spent: true };
    if (error.message === 'code_expired' || error.status === 410) return { text: t.codeExpired, spent: true };
    if (error.status === 429) return { text: t.rateLimited, spent: false };
  }
  return { text: t.genericError, spent: false };
}

/**
 * The double opt-in's second step: the code of the SMS sent to the phone. A wrong code keeps what was typed and says
 * so; a spent or old code asks for a new one (resend, which sends a new code to the same phone).
 */
export function CodeStep({
  requestId,
  phone,
  onConfirmed,
  onResend,
  onChangePhone,
  resendReady,
}: {
  requestId: string;
  /** The phone as the customer typed it, to say where the code went. */
  phone: string;
  onConfirmed: (customerUuid: string) => void;
  /** Sends a new code; resolves once it is on its way, rejects with the request's error. */
  onResend: () => Promise<void>;
  onChangePhone: () => void;
  /** False while a new captcha answer is needed before a resend. */
  resendReady: boolean;
}) {
  const site = usePublicSite();
  const t = { ...useCatalogue(publicTexts), ...useCatalogue(optInTexts) };
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);
  const lock = useSubmitLock();
  const codeId = useId();
  const errorId = useId();
  const typed = code.replace(/\s/g, '');
  const ready = CODE_PATTERN.test(typed) && !spent && !busy;

  const confirm = async () => {
    if (!ready || !lock.acquire()) return;
    setBusy(true);
    setError(null);
    setResent(false);
    try {
      onConfirmed(await confirmSubscribeCode(site.public_segment, requestId, typed));
    } catch (failure) {
      const answer = confirmFailure(failure, t);
      setError(answer.text);
      setSpent(answer.spent);
    } finally {
      lock.release();
      setBusy(false);
    }
  };

  const resend = async () => {
    if (busy || !resendReady || !lock.acquire()) return;
    setBusy(true);
    setError(null);
    setResent(false);
    try {
      await onResend();
      setCode('');
      setSpent(false);
      setResent(true);
    } catch (failure) {
      setError(
        failure instanceof RequestError && failure.status === 429 ? t.rateLimited : confirmFailure(failure, t).text,
      );
    } finally {
      lock.release();
      setBusy(false);
    }
  };

  return (
    <form
      className="public-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <h3>{t.codeTitle}</h3>
      <p className="public-form__lead">{fillText(t.codeSent, { phone })}</p>
      <div className="public-field">
        <label htmlFor={codeId}>{t.codeLabel}</label>
        <input
          id={codeId}
          className="public-code__input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          aria-invalid={error && !resent ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(event.target.value.replace(/[^\d\s]/g, ''));
            // A new try clears the old refusal, but a spent code stays spent.
            if (!spent) setError(null);
          }}
        />
        {typed.length > 6 || (typed.length > 0 && !/^\d*$/.test(typed)) ? (
          <p className="public-form__error" role="alert">
            {t.codeFormat}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="public-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {resent ? <p role="status">{t.codeResent}</p> : null}
      <button type="submit" className="public-button public-button--primary" disabled={!ready}>
        {t.confirmCode}
      </button>
      <button type="button" className="public-button" disabled={busy || !resendReady} onClick={() => void resend()}>
        {t.resendCode}
      </button>
      <button type="button" className="public-button" disabled={busy} onClick={onChangePhone}>
        {t.changePhone}
      </button>
    </form>
  );
}
