-- Routes and their stops, plan events (a route and a driver on a car on a date, optionally in a series),
-- the stops of a planned event with their public uuid and estimates, and the SMS receivers of those stops.

create type public.route_approval as enum ('pending', 'approved', 'rejected');

create table public.routes (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  name text not null check (length(name) between 1 and 120),
  route_type text,
  should_approve public.route_approval not null default 'pending',
  administration_time numeric(5, 2) check (administration_time >= 0),
  eod_administration_time numeric(5, 2) check (eod_administration_time >= 0),
  first_stop_arrival_time time,
  last_stop_arrival_time time,
  route_duration numeric(5, 2) check (route_duration >= 0),
  start_address text,
  end_address text,
  start_lat double precision, start_lng double precision,
  end_lat double precision, end_lng double precision,
  should_leave_at_time time,
  return_to_depo boolean not null default true,
  radius integer check (radius >= 0),
  tag text,
  minimum_efficient_sales_count integer not null default 0 check (minimum_efficient_sales_count >= 0),
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);

create table public.route_points (
  tenant_id uuid not null,
  id bigint generated always as identity,
  route_id bigint not null,
  depo_id bigint not null,
  position integer not null check (position >= 1),
  address text,
  custom_address text,
  use_custom_address boolean not null default false,
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  sales_count integer not null default 0 check (sales_count >= 0),
  wait_time numeric(5, 2) not null default 2 check (wait_time >= 0), -- hours as a decimal
  arrival_time time,
  private_comment text,
  public_comment text,
  point_type text,
  separator boolean not null default false, -- the last stop of a day on a multi-day route
  google_estimate_time time,
  deleted_at timestamptz,
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, route_id) references public.routes (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
create index route_points_route_position_idx on public.route_points (tenant_id, route_id, position) where deleted_at is null;

create table public.route_point_b2b_customers (
  tenant_id uuid not null,
  route_point_id bigint not null,
  b2b_customer_id bigint not null,
  depo_id bigint not null,
  primary key (tenant_id, route_point_id, b2b_customer_id),
  foreign key (tenant_id, route_point_id) references public.route_points (tenant_id, id) on delete cascade,
  foreign key (tenant_id, b2b_customer_id) references public.b2b_customers (tenant_id, id) on delete cascade
);
create index route_point_b2b_customers_customer_idx on public.route_point_b2b_customers (tenant_id, b2b_customer_id);

create table public.plan_event_series (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  start_date date not null,
  end_date date not null,
  recurrence_interval integer not null check (recurrence_interval > 0), -- in days
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id),
  check (end_date >= start_date)
);

create table public.plan_events (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  date date not null,
  route_id bigint not null,
  user_id uuid not null,
  car_id bigint not null,
  series_id bigint,
  day_span integer not null default 1 check (day_span between 1 and 14),
  start_at_hour smallint not null default 8 check (start_at_hour between 0 and 23),
  start_at_min smallint not null default 0 check (start_at_min between 0 and 59),
  started_at timestamptz, -- once set, the event can no longer be deleted
  converted_at timestamptz,
  converted_by uuid references auth.users (id) on delete set null,
  converted_route_id bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  -- One plan event per route and one per driver on a date.
  unique (tenant_id, route_id, date),
  unique (tenant_id, user_id, date),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id),
  foreign key (tenant_id, route_id) references public.routes (tenant_id, id),
  foreign key (tenant_id, user_id) references public.tenant_memberships (tenant_id, user_id),
  foreign key (tenant_id, car_id) references public.cars (tenant_id, id),
  foreign key (tenant_id, series_id) references public.plan_event_series (tenant_id, id) on delete set null (series_id),
  foreign key (tenant_id, converted_route_id) references public.routes (tenant_id, id)
);
create index plan_events_calendar_idx on public.plan_events (tenant_id, depo_id, date, car_id);

create function app_private.refuse_deleting_started_plan_event() returns trigger language plpgsql set search_path = '' as $$
begin
  if old.started_at is not null then
    raise exception 'You can''t destory because, plan event has already started' using errcode = 'P0001';
  end if;
  return old;
end;
$$;
create trigger plan_events_started_cannot_be_deleted before delete on public.plan_events
  for each row execute function app_private.refuse_deleting_started_plan_event();

create table public.plan_event_route_points (
  tenant_id uuid not null,
  id bigint generated always as identity,
  uuid uuid not null default gen_random_uuid() unique, -- the stop's public identity on tracking links
  plan_event_id bigint not null,
  route_point_id bigint,
  depo_id bigint not null,
  position integer not null check (position >= 1),
  address text,
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  original_google_estimate_time timestamptz,
  google_estimate_time timestamptz,
  arrival_date date,
  point_visited boolean, -- true visited, false skipped, null not yet
  visited_at timestamptz,
  actual_arrival_time timestamptz,
  stop_duration interval,
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, plan_event_id) references public.plan_events (tenant_id, id) on delete cascade,
  foreign key (tenant_id, route_point_id) references public.route_points (tenant_id, id) on delete set null (route_point_id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
create index plan_event_route_points_event_idx on public.plan_event_route_points (tenant_id, plan_event_id, position);
create index plan_event_route_points_estimate_idx on public.plan_event_route_points (tenant_id, google_estimate_time);

create table public.sms_receivers (
  tenant_id uuid not null,
  id bigint generated always as identity,
  customer_id bigint not null,
  plan_event_route_point_id bigint not null,
  depo_id bigint not null,
  sms_should_send_at timestamptz,
  sms_sent_at timestamptz,
  sms_sent_skipped_at timestamptz,
  reason_of_sms_skip text,
  full_description_of_sms_skip text,
  sms_stopped_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  unique (tenant_id, plan_event_route_point_id, customer_id),
  foreign key (tenant_id, customer_id) references public.customers (tenant_id, id) on delete cascade,
  foreign key (tenant_id, plan_event_route_point_id) references public.plan_event_route_points (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
create index sms_receivers_customer_idx on public.sms_receivers (tenant_id, customer_id);

select app_private.secure_depo_table('public.routes', '{admin,depo_admin}');
select app_private.secure_depo_table('public.route_points', '{admin,depo_admin}');
select app_private.secure_depo_table('public.route_point_b2b_customers', '{admin,depo_admin}');
select app_private.secure_depo_table('public.plan_event_series', '{admin,depo_admin}');
select app_private.secure_depo_table('public.plan_events', '{admin,depo_admin}');
select app_private.secure_depo_table('public.plan_event_route_points', '{admin,depo_admin}');
select app_private.secure_depo_table('public.sms_receivers', '{admin,depo_admin,support}');
