import { useState } from 'react';
import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { usePublicLanguage } from '@/shared/public/i18n/language';
import { publicTexts } from '@/shared/public/i18n/texts';
import type { StopVisit } from '../near-stop';
import { FIRST_VISITS_SHOWN, visitDate, visitWindow } from '../visit-window';

/** The coming visits of the selected stop: the first 4, then 'see more times' for all. */
export function UpcomingVisits({ visits, timeZone }: { visits: StopVisit[]; timeZone: string }) {
  const t = useCatalogue(publicTexts);
  const language = usePublicLanguage();
  const [all, setAll] = useState(false);
  if (visits.length === 0) return <p>{t.noUpcomingDates}</p>;
  const shown = all ? visits : visits.slice(0, FIRST_VISITS_SHOWN);
  return (
    <div className="upcoming-visits">
      <h3>{t.upcomingDates}</h3>
      <ul className="upcoming-visits__list" aria-label={t.upcomingDates}>
        {shown.map((visit) => (
          <li key={`${visit.date}-${visit.estimate ?? ''}`} className="upcoming-visits__item">
            <span className="upcoming-visits__date">{visitDate(visit.date, language)}</span>
            <span className="upcoming-visits__time">{visitWindow(visit.estimate, timeZone) ?? ''}</span>
          </li>
        ))}
      </ul>
      {visits.length > FIRST_VISITS_SHOWN ? (
        <button
          type="button"
          className="public-link-button"
          onClick={() => setAll((value) => !value)}
          aria-expanded={all}
        >
          {all ? t.seeFewerTimes : t.seeMoreTimes}
        </button>
      ) : null}
    </div>
  );
}
