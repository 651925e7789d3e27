-- Where a tenant's maps open (the spec's "region per tenant": centre, zoom, country). The public pages
-- run as anon, which reads no table, so they get it from this function by slug, like the branding.

create function public.tenant_map_region(slug text)
returns table (map_center_lat double precision, map_center_lng double precision, map_zoom numeric, country_code text)
language sql stable security definer set search_path = '' as $$
  select t.map_center_lat, t.map_center_lng, t.map_zoom, t.country_code
    from public.tenants t
   where t.slug = tenant_map_region.slug;
$$;
comment on function public.tenant_map_region(text) is
  'A tenant''s default map centre, zoom and country by slug (what any map page may know); no row for an unknown slug.';
revoke execute on function public.tenant_map_region(text) from public;
grant execute on function public.tenant_map_region(text) to anon, authenticated, service_role;
