export interface TenantSummary {
  slug: string;
  country: 'DK' | 'NO' | 'RO';
}

/**
 * The tenants of the demo data. A stand-in until the landing page reads the tenants table
 * (which needs a public RPC, as anon may read no table).
 */
export const demoTenants: readonly TenantSummary[] = [
  { slug: 'hjem-is', country: 'DK' },
  { slug: 'den-norske-isbilen', country: 'NO' },
  { slug: 'romania', country: 'RO' },
];
