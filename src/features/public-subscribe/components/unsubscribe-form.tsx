import { useState } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { publicTexts } from '@/shared/public/i18n/texts';
import { usePublicSite } from '@/shared/public/public-site-context';
import { unsubscribeByPhone, type UnsubscribeOutcome } from '../api/unsubscribe';
import { isUsablePhone, toSentPhone } from '../phone';
import { PhoneInput } from './phone-input';
import { usePhoneProblemText } from './use-phone-problem';

/** Unsubscribe by phone: the button is enabled once the phone is valid and 8+ characters (the field says why not). */
export function UnsubscribeForm({ onResult }: { onResult: (outcome: UnsubscribeOutcome) => void }) {
  const site = usePublicSite();
  const t = useCatalogue(publicTexts);
  const [phone, setPhone] = useState('');
  const [sending, setSending] = useState(false);
  const lock = useSubmitLock();
  const phoneProblemText = usePhoneProblemText(phone, site.country_code);
  const ready = isUsablePhone(phone, site.country_code) && !sending;

  const submit = async () => {
    if (!ready || !lock.acquire()) return;
    setSending(true);
    try {
      onResult(await unsubscribeByPhone(site.public_segment, toSentPhone(phone, site.country_code)));
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
      <PhoneInput
        value={phone}
        onChange={setPhone}
        label={t.phoneLabel}
        placeholder={t.phonePlaceholder}
        countryCode={site.country_code}
        phonePrefix={site.phone_prefix}
        problemText={phoneProblemText}
      />
      <button type="submit" className="public-button" disabled={!ready}>
        {t.unsubscribe}
      </button>
    </form>
  );
}
