-- The customers' pages (issue 10), part 1: which tenant and language a public URL segment opens (/dk, /no and the
-- neutral entry), and the abuse limiter the public calls share (subscribe, unsubscribe, feedback).

-- The first path segment of a public page names a tenant and its language (spec: one value selects the Danish
-- texts, anything else the Norwegian). Data on the tenant, so no code keeps a list of slugs.
alter table public.tenants
  add column public_segment text unique check (public_segment ~ '^[a-z0-9-]{2,40}$'),
  add column public_language text not null default 'no' check (public_language in ('dk', 'no'));
comment on column public.tenants.public_segment is 'First path segment of the tenant''s public pages (/dk, /no); none: only its slug opens them.';
comment on column public.tenants.public_language is 'Language of the tenant''s public pages: dk (Danish) or no (Norwegian).';

-- What a public page may show of the tenant a segment (or slug) names: branding, language, phone country and the
-- map's start. No row: no such public site.
create function public.public_site(segment text)
returns table (
  slug text,
  public_segment text,
  name text,
  logo_url text,
  primary_color text,
  accent_color text,
  locale text,
  language text,
  country_code text,
  phone_prefix text,
  homepage_url text,
  is_public boolean,
  map_center_lat double precision,
  map_center_lng double precision,
  map_zoom double precision,
  time_zone text
)
language sql stable security definer set search_path = '' as $$
  select t.slug, coalesce(t.public_segment, t.slug), t.name, t.brand_logo_url, t.brand_primary_color, t.brand_accent_color,
         t.locale, t.public_language, t.country_code, t.phone_prefix, t.brand_homepage_url, t.is_public,
         t.map_center_lat, t.map_center_lng, t.map_zoom::double precision, t.time_zone
    from public.tenants t
   where t.public_segment = public_site.segment or t.slug = public_site.segment
   order by (t.public_segment = public_site.segment) desc nulls last
   limit 1;
$$;
comment on function public.public_site(text) is
  'The public site a URL segment opens (by public_segment, else slug): what the customer pages show of its tenant.';
revoke execute on function public.public_site(text) from public;
grant execute on function public.public_site(text) to anon, authenticated, service_role;

-- The brands a visitor may switch to (header Dansk/Norsk, the neutral entry's language modal).
create function public.public_site_languages()
returns table (segment text, language text, name text)
language sql stable security definer set search_path = '' as $$
  select t.public_segment, t.public_language, t.name
    from public.tenants t
   where t.public_segment is not null and not t.is_public
   order by t.public_language, t.public_segment;
$$;
comment on function public.public_site_languages() is 'The branded public sites and their language, for the language switch.';
revoke execute on function public.public_site_languages() from public;
grant execute on function public.public_site_languages() to anon, authenticated, service_role;

-- Rate limits --------------------------------------------------------------------------------------------------

-- How often one caller (IP) and one subject (a phone, a customer) may do each public action in a window.
create table app_private.public_rate_limits (
  action text primary key check (action ~ '^[a-z_]{2,40}$'),
  per_ip integer not null check (per_ip > 0),
  per_subject integer not null check (per_subject > 0),
  window_seconds integer not null check (window_seconds between 1 and 86400)
);
comment on table app_private.public_rate_limits is 'Per-IP and per-subject (phone, customer) limits of each public action within window_seconds.';
insert into app_private.public_rate_limits values
  ('subscribe', 60, 5, 600),
  ('unsubscribe', 60, 5, 600),
  ('feedback', 60, 5, 600);

-- Fixed-window counters; a row per action, key and window start. Old windows are pruned by cron.
create table app_private.rate_limit_counters (
  action text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 1,
  primary key (action, key, window_start)
);
comment on table app_private.rate_limit_counters is 'Hits per action, caller key and window (see app_private.hit_rate_limit).';

-- Counts one hit for (action, key) in the current window of window_seconds; true while within max_hits.
create function app_private.hit_rate_limit(action text, key text, max_hits integer, window_seconds integer)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  started timestamptz := to_timestamp(floor(extract(epoch from now()) / window_seconds) * window_seconds);
  counted integer;
begin
  insert into app_private.rate_limit_counters as c (action, key, window_start)
  values (hit_rate_limit.action, hit_rate_limit.key, started)
  on conflict (action, key, window_start) do update set hits = c.hits + 1
  returning c.hits into counted;
  return counted <= max_hits;
end;
$$;
revoke execute on function app_private.hit_rate_limit(text, text, integer, integer) from public;

-- The limiter of the public calls: one hit for the caller's IP and one for the subject (a normalised phone, a
-- customer uuid); over either limit the call fails with HTTP 429 through PostgREST (SQLSTATE PT429) and the
-- message 'rate_limited'. ip null: the API caller's IP (X-Forwarded-For as the gateway sets it); an edge function
-- passes the IP it was called from. Feedback (tracking) calls it too.
create function app_private.enforce_public_rate_limit(action text, subject text, ip text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  limits app_private.public_rate_limits;
  source text := coalesce(nullif(btrim(ip), ''), app_private.request_source_ip());
  ip_ok boolean;
  subject_ok boolean := true;
begin
  select * into limits from app_private.public_rate_limits l where l.action = enforce_public_rate_limit.action;
  if limits.action is null then
    raise exception 'no rate limit for action %', enforce_public_rate_limit.action;
  end if;
  ip_ok := app_private.hit_rate_limit(limits.action || ':ip', source, limits.per_ip, limits.window_seconds);
  if subject is not null and btrim(subject) <> '' then
    subject_ok := app_private.hit_rate_limit(limits.action || ':subject', lower(btrim(subject)), limits.per_subject, limits.window_seconds);
  end if;
  if not (ip_ok and subject_ok) then
    raise exception 'rate_limited' using errcode = 'PT429', hint = 'Too many requests, try again later.';
  end if;
end;
$$;
revoke execute on function app_private.enforce_public_rate_limit(text, text, text) from public;
comment on function app_private.enforce_public_rate_limit(text, text, text) is
  'Counts a public call per IP and per subject; raises rate_limited (HTTP 429) over app_private.public_rate_limits.';

create function app_private.prune_rate_limit_counters() returns void
language sql volatile security definer set search_path = '' as $$
  delete from app_private.rate_limit_counters where window_start < now() - interval '1 day';
$$;
revoke execute on function app_private.prune_rate_limit_counters() from public;
select cron.schedule('prune-rate-limit-counters', '*/10 * * * *', 'select app_private.prune_rate_limit_counters()');

-- The segments that open a public site's home (/dk, /no, /public): the app routes a bare /{segment} to the
-- subscribe page when it is one of these, and to the staff home otherwise. A segment that is also the slug of a
-- tenant with staff stays staff; the public (worldwide) tenant has no staff pages, so its slug may be its segment.
create function public.public_site_segments() returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(t.public_segment order by t.public_segment), '{}')
    from public.tenants t
   where t.public_segment is not null
     and not exists (select 1 from public.tenants o where o.slug = t.public_segment and not o.is_public);
$$;
comment on function public.public_site_segments() is 'URL segments of the public sites'' home pages (never a tenant slug).';
revoke execute on function public.public_site_segments() from public;
grant execute on function public.public_site_segments() to anon, authenticated, service_role;
