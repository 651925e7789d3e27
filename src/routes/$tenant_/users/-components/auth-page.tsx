import type { ReactNode } from 'react';
import { useTenantBrandName } from '@/features/public-branding/use-tenant-brand-name';

/** The tenant-branded frame of the sign-in and password pages. */
export function AuthPage({ tenant, title, children }: { tenant: string; title: string; children: ReactNode }) {
  const brand = useTenantBrandName(tenant);
  return (
    <main className="page page--narrow auth-page">
      <h1 className="auth-page__brand">{brand}</h1>
      <h2 className="auth-page__title">{title}</h2>
      {children}
    </main>
  );
}
