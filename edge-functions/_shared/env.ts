// Environment lookups. Provider settings may be set per tenant: `WALLMOB_API_TOKEN__HJEM_IS` wins over
// `WALLMOB_API_TOKEN` for the tenant `hjem-is`, so each brand can use its own provider account.

export function requiredEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export function providerSetting(name: string, tenantSlug: string): string | undefined {
  const perTenant = `${name}__${tenantSlug.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const value = Deno.env.get(perTenant) ?? Deno.env.get(name);
  return value ? value.trim() || undefined : undefined;
}
