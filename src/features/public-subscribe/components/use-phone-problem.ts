import { useCallback } from 'react';
import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { usePublicLanguage } from '@/shared/public/i18n/language';
import { optInTexts } from '../texts';
import { phoneProblem } from '../phone';

/** The country's name in the page's language (Danmark, Norge), for "not a valid number in …". */
function countryName(countryCode: string, language: string): string {
  try {
    return new Intl.DisplayNames([language === 'dk' ? 'da' : 'nb'], { type: 'region' }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/** Says under the phone field why the number cannot be used (item 16: not only a grey button). */
export function usePhoneProblemText(phone: string, countryCode: string | null): (leftField: boolean) => string | null {
  const t = useCatalogue(optInTexts);
  const language = usePublicLanguage();
  return useCallback(
    (leftField: boolean) => {
      const problem = phoneProblem(phone, countryCode, leftField);
      if (problem === 'too_short') return t.phoneTooShort;
      if (problem === 'not_valid')
        return t.phoneNotValid.replace('{country}', countryName(countryCode ?? '', language));
      return null;
    },
    [phone, countryCode, t, language],
  );
}
