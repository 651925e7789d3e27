import { useQuery } from '@tanstack/react-query';
import { tenantBrandingQueryOptions } from './api/get-tenant-branding';

/**
 * A tenant's name before sign-in (anon reads no table), from `tenant_public_branding`, so no page keeps a
 * list of tenant names. While it loads: no name rather than a wrong one; an unknown slug, or a call that
 * failed, shows the slug itself.
 */
export function useTenantBrandName(slug: string): string {
  const { data, isPending } = useQuery(tenantBrandingQueryOptions(slug));
  if (data) return data.name;
  return isPending ? '' : slug;
}
