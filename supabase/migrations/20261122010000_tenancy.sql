-- Tenancy: tenants (with their feature flags as data), depos, staff profiles, per-tenant memberships with a
-- role, and the depos each membership may work in. Every tenant-owned key leads with tenant_id.

-- Helpers and internal tables live in app_private: not exposed by the API, usable by policies.
create schema app_private;
revoke all on schema app_private from public;
grant usage on schema app_private to authenticated, service_role;

create type public.app_role as enum ('admin', 'depo_admin', 'support', 'driver');
create type public.active_status as enum ('active', 'inactive');

create table public.tenants (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9-]{2,40}$'),
  name text not null check (length(name) between 1 and 120),
  country_code text check (country_code ~ '^[A-Z]{2}$'),
  currency text not null default 'DKK' check (currency ~ '^[A-Z]{3}$'),
  locale text not null default 'da' check (locale in ('da', 'nb', 'ro', 'en')),
  time_zone text not null default 'Europe/Copenhagen',
  phone_prefix text check (phone_prefix ~ '^\+[0-9]{1,4}$'),
  date_format text not null default 'YYYY-MM-DD' check (date_format in ('YYYY-MM-DD', 'DD.MM.YYYY', 'DD-MM-YYYY', 'DDMMYY')),
  map_center_lat double precision not null default 0,
  map_center_lng double precision not null default 0,
  map_zoom numeric(4, 1) not null default 1,
  address_provider text not null default 'local' check (address_provider in ('local', 'mapbox', '1881')),
  brand_homepage_url text,
  -- Feature flags: which screens, fields and buttons a tenant gets (never `if slug = ...` in code).
  has_lakrids boolean not null default false,            -- lakrids driver select, lakrids route number, send to lakrids
  has_b2b_products boolean not null default false,       -- B2B product checkbox and tag
  has_erp_warehouse_id boolean not null default false,   -- AX warehouse id on warehouses
  has_write_off_export boolean not null default false,
  has_consent_filter boolean not null default false,     -- SMS/Marketing consent filter on customers
  has_marketing_sms boolean not null default false,      -- marketing SMS and AX customer id on depos
  uses_ice_cream_eod_layout boolean not null default false, -- Mobile Pay and Miscellaneous EOD sections, Pickup tab
  can_edit_b2b_customers boolean not null default false, -- create, edit and delete of B2B customers
  hides_customer_route_number boolean not null default false, -- route_number and home address hidden on customers
  has_wallmob boolean not null default false,
  is_public boolean not null default false,              -- the worldwide public tenant of the customer pages
  created_at timestamptz not null default now()
);
comment on table public.tenants is 'A company using the product; its flags switch tenant-specific features on.';

create table public.depos (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  title text not null check (length(title) between 1 and 120),
  description text,
  address text,
  address_lat double precision check (address_lat between -90 and 90),
  address_lng double precision check (address_lng between -180 and 180),
  dashboard boolean not null default false,
  recepient text,               -- spelled as in the spec
  sms_text text,
  sms_route_text text,
  sms_subscribe_text text,
  sms_unsubscribe_text text,
  marketing_sms text,
  customer_axa_id text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id)
);
comment on table public.depos is 'A depot that trucks leave from; most operational data belongs to one.';

create table public.staff_profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  first_name text not null default '' check (length(first_name) <= 80),
  last_name text not null default '' check (length(last_name) <= 80),
  created_at timestamptz not null default now()
);
comment on table public.staff_profiles is 'Name and e-mail of a staff user, shared by all tenants they work for.';

create table public.tenant_memberships (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  status public.active_status not null default 'active',
  franchise_driver boolean not null default false check (not franchise_driver or role = 'driver'),
  axapta_code text,
  wallmob_id text,
  wallmob_name text,
  lakrids_driver_id text,
  lakrids_driver_name text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);
create index tenant_memberships_user_idx on public.tenant_memberships (user_id, tenant_id);
comment on table public.tenant_memberships is 'A staff user''s role in one tenant; inactive members cannot sign in to it.';

create table public.membership_depos (
  tenant_id uuid not null,
  user_id uuid not null,
  depo_id bigint not null,
  primary key (tenant_id, user_id, depo_id),
  foreign key (tenant_id, user_id) references public.tenant_memberships (tenant_id, user_id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id) on delete cascade
);
create index membership_depos_user_idx on public.membership_depos (user_id, depo_id);
comment on table public.membership_depos is 'Depos a member works in: none for admin (all), several for depo_admin, one for support and driver.';

-- The depo count a role allows is checked at commit, so a membership and its depos can be written in one transaction.
create function app_private.check_membership_depos() returns trigger language plpgsql security definer set search_path = '' as $$
declare
  member record;
  depo_count int;
begin
  for member in
    select m.tenant_id, m.user_id, m.role from public.tenant_memberships m
    where (m.tenant_id, m.user_id) = (coalesce(new.tenant_id, old.tenant_id), coalesce(new.user_id, old.user_id))
  loop
    select count(*) into depo_count from public.membership_depos d where d.tenant_id = member.tenant_id and d.user_id = member.user_id;
    if member.role = 'admin' and depo_count > 0 then
      raise exception 'An admin works in every depo and has no depo assignment' using errcode = '23514';
    elsif member.role = 'depo_admin' and depo_count = 0 then
      raise exception 'A depo admin needs at least one depo' using errcode = '23514';
    elsif member.role in ('support', 'driver') and depo_count <> 1 then
      raise exception 'A % works in exactly one depo', member.role using errcode = '23514';
    end if;
  end loop;
  return null;
end;
$$;

create constraint trigger membership_depos_match_role
  after insert or update or delete on public.membership_depos
  deferrable initially deferred for each row execute function app_private.check_membership_depos();
create constraint trigger memberships_depos_match_role
  after insert or update of role on public.tenant_memberships
  deferrable initially deferred for each row execute function app_private.check_membership_depos();
