import type { CSSProperties, ReactNode } from 'react';
import type { PublicSite } from '../api/public-site';
import { PublicLanguageContext, toPublicLanguage } from '../i18n/language';
import { PublicSiteContext } from '../public-site-context';
import { PublicHeader } from './public-header';
import '../public.css';

/** The customer pages' frame: the site's colours and language, the header with logos and the language switch. */
export function PublicLayout({ site, children }: { site: PublicSite; children: ReactNode }) {
  const language = toPublicLanguage(site.language);
  const colours = {
    ...(site.primary_color ? { '--brand-primary': site.primary_color } : {}),
    ...(site.accent_color ? { '--brand-accent': site.accent_color } : {}),
  } as CSSProperties;
  return (
    <PublicSiteContext.Provider value={site}>
      <PublicLanguageContext.Provider value={language}>
        <div className="public-site" style={colours} lang={language === 'dk' ? 'da' : 'nb'}>
          <PublicHeader site={site} />
          <main className="public-site__main" id="main">
            {children}
          </main>
        </div>
      </PublicLanguageContext.Provider>
    </PublicSiteContext.Provider>
  );
}
