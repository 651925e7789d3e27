-- Retail customers (people subscribed to truck stops), SMS campaigns and templates.

create type public.gender as enum ('female', 'male');

create table public.customers (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  uuid uuid not null default gen_random_uuid() unique, -- the customer's public identity on tracking links
  first_name text check (length(first_name) <= 80),
  last_name text check (length(last_name) <= 80),
  name text check (length(name) <= 160),
  username text check (length(username) <= 80),
  email text check (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text not null check (phone ~ '^\+?[0-9]{8,15}$'),
  gender public.gender,
  route_number text,
  sms_permission boolean not null default true,
  marketing_agreement boolean not null default true,
  address text,
  address_type text,
  home_address text,
  home_address_type text,
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  original_address text,
  original_lat double precision,
  original_lng double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  unique (tenant_id, phone)
);
comment on table public.customers is 'A retail customer who gets SMS before the truck comes. Without SMS permission they are deleted at night.';
create index customers_tenant_sms_permission_idx on public.customers (tenant_id, sms_permission);

create table public.sms_campaigns (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  name text not null check (length(name) between 1 and 120),
  text text not null check (length(text) between 1 and 1600),
  start_date date not null,
  end_date date not null,
  include_subscribe_info boolean not null default false check (not include_subscribe_info), -- not yet available
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  check (end_date >= start_date)
);

create table public.sms_templates (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  name text not null check (length(name) between 1 and 120),
  text text not null check (length(text) between 1 and 1600),
  primary key (tenant_id, id),
  unique (id)
);

select app_private.secure_tenant_table('public.customers', '{admin,depo_admin,support}');
select app_private.secure_tenant_table('public.sms_campaigns', '{admin}');
select app_private.secure_tenant_table('public.sms_templates', '{admin}');
