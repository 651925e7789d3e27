import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { publicTexts } from '@/shared/public/i18n/texts';
import { useSmsLeadText } from '../use-sms-lead-text';

/** The panel without a selected stop: intro text, a subtitle and four bullet points. */
export function Intro() {
  const t = useCatalogue(publicTexts);
  // The site's depos' own lead time, not a fixed promise: the SMS engine sends at depos.sms_lead_minutes.
  const smsBullet = useSmsLeadText(null, t.introBullet2, t.introBullet2Soon);
  return (
    <div className="subscribe-intro">
      <h2>{t.introTitle}</h2>
      <p>{t.introSubtitle}</p>
      <ul>
        <li>{t.introBullet1}</li>
        <li>{smsBullet}</li>
        <li>{t.introBullet3}</li>
        <li>{t.introBullet4}</li>
      </ul>
    </div>
  );
}
