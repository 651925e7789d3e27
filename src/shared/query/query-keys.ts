/**
 * The app's only query-key factory. Keys start with their scope so invalidation stays narrow:
 * `['auth', ...]` survives a sign-out, everything under `['tenant', slug, ...]` belongs to one tenant,
 * and `['tenant', slug, 'depo', id, ...]` to one depo of it.
 *
 * Screens add their data under a resource name rather than growing this file:
 *   queryKeys.tenant(slug).resource('cars').list({ statuses })
 *   queryKeys.tenant(slug).depo(depoId).resource('orders').detail(orderId)
 */
export type QueryKeyPart = string | number | boolean | null | Record<string, unknown> | readonly unknown[];

function resourceKeys<Scope extends readonly QueryKeyPart[]>(scope: Scope, name: string) {
  const all = [...scope, name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (filters: Record<string, unknown> = {}) => [...all, 'list', filters] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string | number) => [...all, 'detail', id] as const,
  };
}

function depoKeys(tenantScope: readonly ['tenant', string], depoId: number) {
  const all = [...tenantScope, 'depo', depoId] as const;
  return {
    all,
    resource: (name: string) => resourceKeys(all, name),
  };
}

function tenantKeys(slug: string) {
  const all = ['tenant', slug] as const;
  return {
    all,
    /** The tenant row with its feature flags. */
    row: () => [...all, 'row'] as const,
    /** The depos of the tenant (id and title), for switchers and depo columns. */
    depos: () => [...all, 'depos'] as const,
    depo: (depoId: number) => depoKeys(all, depoId),
    resource: (name: string) => resourceKeys(all, name),
  };
}

export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    session: () => ['auth', 'session'] as const,
  },
  tenant: tenantKeys,
};
