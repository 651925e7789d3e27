-- Cars and their live positions, cash registers, stop types.

create table public.cars (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  internal_number text not null check (length(internal_number) between 1 and 40),
  mobile_number text check (length(mobile_number) <= 30),
  plate_number text not null check (length(plate_number) between 1 and 20),
  axapta_code text,
  status public.active_status not null default 'active',
  franchise_car boolean not null default false,
  send_to_lakrids boolean not null default false,
  lakrids_route_number text,
  mapon_car_id text,
  latest_location_lat double precision check (latest_location_lat between -90 and 90),
  latest_location_lng double precision check (latest_location_lng between -180 and 180),
  latest_location_updated_at timestamptz,
  last_synced_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  unique (tenant_id, internal_number),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
comment on table public.cars is 'A truck. The plate number is fixed once the car exists.';

create function app_private.keep_plate_number() returns trigger language plpgsql set search_path = '' as $$
begin
  if new.plate_number is distinct from old.plate_number then
    raise exception 'Plate number cannot be changed after the car is created' using errcode = '23514', column = 'plate_number';
  end if;
  return new;
end;
$$;
create trigger cars_plate_number_is_fixed before update of plate_number on public.cars
  for each row execute function app_private.keep_plate_number();

create table public.car_positions (
  tenant_id uuid not null,
  car_id bigint not null,
  depo_id bigint not null,
  recorded_at timestamptz not null default now(),
  lat double precision not null check (lat between -90 and 90),
  lng double precision not null check (lng between -180 and 180),
  speed_kmh real check (speed_kmh >= 0),
  heading real check (heading >= 0 and heading < 360),
  primary key (tenant_id, car_id, recorded_at),
  foreign key (tenant_id, car_id) references public.cars (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
comment on table public.car_positions is 'GPS fixes of a car; the newest one is copied to the car as its latest location.';

create function app_private.copy_latest_car_position() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.cars c
     set latest_location_lat = new.lat, latest_location_lng = new.lng, latest_location_updated_at = new.recorded_at
   where c.tenant_id = new.tenant_id and c.id = new.car_id
     and (c.latest_location_updated_at is null or c.latest_location_updated_at <= new.recorded_at);
  return null;
end;
$$;
create trigger car_positions_update_car after insert on public.car_positions
  for each row execute function app_private.copy_latest_car_position();

create table public.cash_registers (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  name text not null check (length(name) between 1 and 80),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);

create table public.stop_types (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  stop_type text not null check (length(stop_type) between 1 and 80),
  wait_time numeric(5, 2) not null default 0 check (wait_time >= 0),
  primary key (tenant_id, id),
  unique (id),
  unique (tenant_id, stop_type)
);
comment on column public.stop_types.wait_time is 'Hours as a decimal (shown as hh:mm).';

select app_private.secure_depo_table('public.cars', '{admin,depo_admin}');
select app_private.secure_depo_table('public.car_positions', '{admin}');
select app_private.secure_depo_table('public.cash_registers', '{admin,depo_admin}');
select app_private.secure_tenant_table('public.stop_types', '{admin}');
-- A car's driver reports its positions (the GPS ingestion function uses the service role).
create policy "drivers of the depo can add positions" on public.car_positions for insert to authenticated
  with check (tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[]) and depo_id = any ((select app_private.depo_ids_where_role('{driver}'))::bigint[]));
