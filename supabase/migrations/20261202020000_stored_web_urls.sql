-- Every URL a person can store is a web address, checked where it is stored (issue 24, item 1). A tenant's
-- homepage reaches an <a href> and location.assign on the origin every tenant's staff and customers share: a
-- `javascript:` or `data:` value there runs script as whoever clicks it. One predicate says what a stored URL may
-- be, and each URL column's check calls it; tests/db/stored-urls.test.ts fails on a URL column without one.

create function app_private.is_web_url(value text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  -- An absolute http(s) URL with a host, at most 500 characters, with no whitespace, control characters or
  -- backslashes anywhere (browsers read `\` as `/`) and no user name before the host (`https://bank@evil`).
  -- Null in, null out: a check passes on null, so an optional column stays optional.
  select length(value) <= 500
     and value ~* '^https?://[^/?#@\\[:space:][:cntrl:]]+([/?#][^\\[:space:][:cntrl:]]*)?$';
$$;
comment on function app_private.is_web_url(text) is
  'Whether a stored URL is an absolute http(s) URL (≤ 500 characters, a host, no whitespace, control characters, backslash or user info): the check of every URL column.';
revoke execute on function app_private.is_web_url(text) from public;
-- The checks run as whoever writes the row (an admin's PATCH of tenants).
grant execute on function app_private.is_web_url(text) to anon, authenticated, service_role;

-- A value stored before this check that is no web address is no homepage or logo: cleared, so the check holds.
update public.tenants set brand_homepage_url = null
 where brand_homepage_url is not null and not app_private.is_web_url(brand_homepage_url);
update public.tenants set brand_logo_url = null
 where brand_logo_url is not null and not app_private.is_web_url(brand_logo_url);

-- Named as Postgres names an inline check (<table>_<column>_check), so the app's form errors name the field.
alter table public.tenants
  add constraint tenants_brand_homepage_url_check check (app_private.is_web_url(brand_homepage_url));
alter table public.tenants
  drop constraint tenants_brand_logo_url_check,
  add constraint tenants_brand_logo_url_check check (app_private.is_web_url(brand_logo_url));
alter table app_private.sms_settings
  add constraint sms_settings_public_site_url_check check (app_private.is_web_url(public_site_url));

comment on column public.tenants.brand_homepage_url is
  'The brand''s own website, linked from the public pages'' logo and the end of an unsubscribe; an absolute http(s) URL (app_private.is_web_url); none: no link.';
comment on column public.tenants.brand_logo_url is
  'Logo shown on the public pages, an absolute http(s) URL (app_private.is_web_url); none: the name alone.';
comment on column app_private.sms_settings.public_site_url is
  'Base of the tracking links in SMS texts: an absolute http(s) URL (app_private.is_web_url).';
