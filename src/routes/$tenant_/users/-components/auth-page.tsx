import type { ReactNode } from 'react';
import { brandForSlug } from '@/features/tenants/tenant-brands';

/** The tenant-branded frame of the sign-in and password pages. */
export function AuthPage({ tenant, title, children }: { tenant: string; title: string; children: ReactNode }) {
  return (
    <main className="page page--narrow auth-page">
      <h1 className="auth-page__brand">{brandForSlug(tenant)}</h1>
      <h2 className="auth-page__title">{title}</h2>
      {children}
    </main>
  );
}
