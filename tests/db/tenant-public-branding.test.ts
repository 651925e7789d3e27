import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';

// The public pages' branding (migration 20261123140000_tenant_public_branding.sql), called as anon.

describe('tenant_public_branding as anon', () => {
  it('returns the name, language and colours of a tenant by slug, and nothing more', async () => {
    const { data, error } = await client().rpc('tenant_public_branding', { slug: 'den-norske-isbilen' });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const [row] = data as Record<string, unknown>[];
    expect(Object.keys(row).sort()).toEqual([
      'accent_color',
      'country_code',
      'homepage_url',
      'locale',
      'logo_url',
      'name',
      'primary_color',
      'slug',
    ]);
    expect(row).toMatchObject({ slug: 'den-norske-isbilen', locale: 'nb', country_code: 'NO' });
    expect(typeof row.name).toBe('string');
  });

  it('returns no row for an unknown slug', async () => {
    const { data, error } = await client().rpc('tenant_public_branding', { slug: 'no-such-tenant' });
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('does not open the tenants table to anon', async () => {
    const { data, error } = await client().from('tenants').select('id, name');
    // Anon has no grant on the table: PostgREST refuses, or RLS shows nothing.
    expect(error !== null || (data ?? []).length === 0).toBe(true);
  });
});
