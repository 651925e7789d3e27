import { createContext, useContext } from 'react';

/** The two languages of the customer pages (spec: `dk` selects Danish, anything else Norwegian). */
export type PublicLanguage = 'dk' | 'no';

export function toPublicLanguage(value: string | null | undefined): PublicLanguage {
  return value === 'dk' ? 'dk' : 'no';
}

export const PublicLanguageContext = createContext<PublicLanguage>('no');

/** The language of the public site being shown (set by the `_public` layout). */
export function usePublicLanguage(): PublicLanguage {
  return useContext(PublicLanguageContext);
}
