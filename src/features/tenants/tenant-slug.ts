import { z } from 'zod';

/** A tenant's URL slug: the first path segment of every staff URL, e.g. `hjem-is`. */
export const tenantSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a tenant slug');

/** Route `params` option for `/$tenant/...` routes: a malformed slug matches no route. */
export const tenantParams = {
  parse: (raw: { tenant: string }) => ({ tenant: tenantSlugSchema.parse(raw.tenant) }),
  stringify: (params: { tenant: string }) => ({ tenant: params.tenant }),
};
