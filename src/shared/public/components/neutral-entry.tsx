import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { publicSiteLanguagesQueryOptions } from '../api/public-site';
import { goTo } from '../../routing/web-url';
import { languageModalTexts } from '../i18n/texts';
import { PublicModal } from './public-modal';

/** The neutral public entry: a first modal to choose the language, then /dk or /no (spec 2.2, public tenant). */
export function NeutralEntry() {
  const { data: languages = [] } = useQuery(publicSiteLanguagesQueryOptions());
  const [choice, setChoice] = useState<string>('');
  const selectId = useId();
  const chosen = choice || languages[0]?.segment || '';
  return (
    <PublicModal open title={languageModalTexts.title} onClose={() => undefined} closeLabel="Close">
      <p>{languageModalTexts.note}</p>
      <div className="public-field">
        <label htmlFor={selectId}>{languageModalTexts.select}</label>
        <select id={selectId} value={chosen} onChange={(event) => setChoice(event.target.value)}>
          {languages.map((entry) => (
            <option key={entry.segment} value={entry.segment}>
              {entry.language === 'dk' ? 'Dansk' : 'Norsk'}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="public-button public-button--primary"
        disabled={!chosen}
        onClick={() => {
          // Each language is its own site (other branding, texts and stops): a full page load.
          goTo(`/${encodeURIComponent(chosen)}`);
        }}
      >
        {languageModalTexts.continue}
      </button>
    </PublicModal>
  );
}
