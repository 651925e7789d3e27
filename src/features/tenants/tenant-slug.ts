import { InvalidPathParamError } from '@/shared/routing/url-values';

const TENANT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A tenant's URL slug: the first path segment of every staff URL, e.g. `hjem-is`. */
export function isTenantSlug(value: string): boolean {
  return TENANT_SLUG.test(value);
}

/** Route `params` option for `/$tenant/...` routes: a malformed slug matches no route. */
export const tenantParams = {
  parse: (raw: { tenant: string }) => {
    if (!isTenantSlug(raw.tenant)) throw new InvalidPathParamError('tenant');
    return { tenant: raw.tenant };
  },
  stringify: (params: { tenant: string }) => ({ tenant: params.tenant }),
};
