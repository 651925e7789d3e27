import { useQuery } from '@tanstack/react-query';
import type { PublicSite } from '../api/public-site';
import { publicSiteLanguagesQueryOptions } from '../api/public-site';
import { useCatalogue } from '../i18n/catalogue';
import { publicTexts } from '../i18n/texts';
import { webUrl } from '../../routing/web-url';

/** Logos and the Dansk/Norsk switch (plain links: each language is its own site, /dk or /no). */
export function PublicHeader({ site }: { site: PublicSite }) {
  const t = useCatalogue(publicTexts);
  const { data: languages = [] } = useQuery(publicSiteLanguagesQueryOptions());
  const label = (language: string) => (language === 'dk' ? t.languageDanish : t.languageNorwegian);
  const logoUrl = webUrl(site.logo_url);
  const homepage = webUrl(site.homepage_url);
  const logo = logoUrl ? (
    <img className="public-site__logo" src={logoUrl} alt={site.name} />
  ) : (
    <span className="public-site__name">{site.name}</span>
  );
  return (
    <header className="public-site__header">
      {homepage ? (
        <a className="public-site__brand" href={homepage}>
          {logo}
        </a>
      ) : (
        <span className="public-site__brand">{logo}</span>
      )}
      <nav className="public-site__languages" aria-label={t.languageSwitchLabel}>
        {languages.map((entry) => (
          <a
            key={entry.segment}
            href={`/${entry.segment}`}
            className="public-site__language"
            aria-current={entry.segment === site.public_segment ? 'page' : undefined}
          >
            {label(entry.language)}
          </a>
        ))}
      </nav>
    </header>
  );
}
