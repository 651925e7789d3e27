-- The public pages (subscribe, tracking) run as anon, which may read no table. They show the
-- tenant's name, logo and colours in its language: this function returns exactly that, by slug,
-- so no page keeps its own list of tenant names.

alter table public.tenants
  add column brand_logo_url text check (brand_logo_url ~ '^https?://' and length(brand_logo_url) <= 500),
  add column brand_primary_color text check (brand_primary_color ~ '^#[0-9a-f]{6}$'),
  add column brand_accent_color text check (brand_accent_color ~ '^#[0-9a-f]{6}$');

comment on column public.tenants.brand_logo_url is 'Logo shown on the public pages; none: the name alone.';
comment on column public.tenants.brand_primary_color is 'Header colour of the public pages (#rrggbb); none: the product default.';
comment on column public.tenants.brand_accent_color is 'Button colour of the public pages (#rrggbb); none: the product default.';

create function public.tenant_public_branding(slug text)
returns table (
  slug text,
  name text,
  logo_url text,
  primary_color text,
  accent_color text,
  locale text,
  country_code text,
  homepage_url text
)
language sql stable security definer set search_path = '' as $$
  select t.slug, t.name, t.brand_logo_url, t.brand_primary_color, t.brand_accent_color, t.locale, t.country_code, t.brand_homepage_url
    from public.tenants t
   where t.slug = tenant_public_branding.slug;
$$;
comment on function public.tenant_public_branding(text) is
  'What a public page may show of a tenant (name, logo, colours, locale): no row for an unknown slug.';
revoke execute on function public.tenant_public_branding(text) from public;
grant execute on function public.tenant_public_branding(text) to anon, authenticated, service_role;
