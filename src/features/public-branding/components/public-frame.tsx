import type { CSSProperties, ReactNode } from 'react';
import type { TenantBranding } from '../api/get-tenant-branding';
import { webUrl } from '@/shared/routing/web-url';
import '../public-frame.css';

/** The customer pages' frame in the tenant's own name, logo, colours and language. */
export function PublicFrame({ branding, children }: { branding: TenantBranding; children: ReactNode }) {
  const colours = {
    ...(branding.primary_color ? { '--brand-primary': branding.primary_color } : {}),
    ...(branding.accent_color ? { '--brand-accent': branding.accent_color } : {}),
  } as CSSProperties;
  const logo = webUrl(branding.logo_url);
  return (
    <div className="public-frame" style={colours} lang={branding.locale}>
      <header className="public-frame__header">
        {logo ? (
          <img className="public-frame__logo" src={logo} alt={branding.name} />
        ) : (
          <span className="public-frame__name">{branding.name}</span>
        )}
      </header>
      <main className="page" id="main">
        {children}
      </main>
    </div>
  );
}
