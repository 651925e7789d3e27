import { createContext, useContext } from 'react';
import type { PublicSite } from './api/public-site';

export const PublicSiteContext = createContext<PublicSite | null>(null);

/** The public site being shown; only inside the `_public` layout. */
export function usePublicSite(): PublicSite {
  const site = useContext(PublicSiteContext);
  if (!site) throw new Error('usePublicSite is used outside the public layout');
  return site;
}
