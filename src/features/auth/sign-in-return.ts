/**
 * Where sign-in returns to: the staff page that asked for it (a deep link), kept in the sign-in page's
 * `redirect` search parameter. Only a path inside the same tenant is followed (never another origin, nor
 * the sign-in page itself); the tenant's home needs no parameter, it is where sign-in goes anyway.
 */
export function signInReturnSearch(tenant: string, href: string): { redirect?: string } {
  const target = safeReturnPath(tenant, href);
  return target && target !== `/${tenant}` ? { redirect: target } : {};
}

export function safeReturnPath(tenant: string, href: string | undefined): string | undefined {
  if (!href || !href.startsWith(`/${tenant}/`) || href.startsWith('//')) return undefined;
  if (href.startsWith(`/${tenant}/users/`)) return undefined;
  return href;
}
