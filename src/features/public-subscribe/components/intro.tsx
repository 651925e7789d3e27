import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { publicTexts } from '@/shared/public/i18n/texts';

/** The panel without a selected stop: intro text, a subtitle and four bullet points. */
export function Intro() {
  const t = useCatalogue(publicTexts);
  return (
    <div className="subscribe-intro">
      <h2>{t.introTitle}</h2>
      <p>{t.introSubtitle}</p>
      <ul>
        <li>{t.introBullet1}</li>
        <li>{t.introBullet2}</li>
        <li>{t.introBullet3}</li>
        <li>{t.introBullet4}</li>
      </ul>
    </div>
  );
}
