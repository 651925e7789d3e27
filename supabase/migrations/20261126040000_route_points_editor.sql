-- The route-points editor (issue 11, delivery-operations §2 "Routes and route points", §4 "Route editor"):
-- reading a route with its points for a period, saving the route's time fields and all its points in one
-- statement sequence (deleted points get deleted_at, the rest are numbered 1..n by their place in the list),
-- moving checked points to another route, B2B customers on a point, and what the editor shows about a point
-- (alternative active routes, active customers).
--
-- Who: admins and depo admins of the route's depo (the writers of routes and route_points). Another depo's or
-- tenant's route, or an id that does not exist, gets the same refusal, so an id says nothing about what exists.
-- Consistency: every write locks the route row first, so two saves of one route run one after the other and the
-- numbering is always 1..n without gaps. routes.version counts the route's saves; a save carries the version the
-- editor loaded and is refused (PT409, HTTP 409) when someone saved in between, instead of overwriting them.
-- Each save announces itself on `depo:<depo id>:route:<route id>` (event 'route_saved'), where the editors of
-- that route also share presence.

alter table public.routes add column version integer not null default 1;
comment on column public.routes.version is 'Counts the saves of the route (every update adds one): the editor''s optimistic lock.';

create function app_private.bump_route_version() returns trigger language plpgsql set search_path = '' as $$
begin
  new.version := old.version + 1;
  return new;
end;
$$;
create trigger routes_every_update_bumps_version before update on public.routes
  for each row execute function app_private.bump_route_version();

-- The route, locked for this transaction, if the caller may edit it; otherwise the refusal.
create function app_private.route_for_editing(route bigint) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  found public.routes;
begin
  select r.* into found from public.routes r
   where r.id = route and r.deleted_at is null
     and r.tenant_id = any (app_private.current_user_tenant_ids())
     and r.depo_id = any (app_private.depo_ids_where_role('{admin,depo_admin}'))
   for update;
  if found.id is null then
    raise exception 'You are not allowed to edit this route' using errcode = '42501';
  end if;
  return found;
end;
$$;
revoke execute on function app_private.route_for_editing(bigint) from public;

-- Numbers the live points of a route 1..n, keeping their order.
create function app_private.renumber_route_points(route public.routes) returns void
language sql security definer set search_path = '' as $$
  update public.route_points p set position = n.position
    from (select rp.id, row_number() over (order by rp.position, rp.id)::integer as position
            from public.route_points rp
           where rp.tenant_id = route.tenant_id and rp.route_id = route.id and rp.deleted_at is null) n
   where p.id = n.id and p.position <> n.position;
$$;
revoke execute on function app_private.renumber_route_points(public.routes) from public;

create function app_private.announce_route_saved(route public.routes) returns void
language sql security definer set search_path = '' as $$
  select realtime.send(jsonb_build_object('route_id', route.id, 'version', route.version), 'route_saved',
                       format('depo:%s:route:%s', route.depo_id, route.id), true);
$$;
revoke execute on function app_private.announce_route_saved(public.routes) from public;

-- A point as the editor shows it: its B2B customers and how many customers get SMS for it.
create function app_private.route_point_json(p public.route_points) returns jsonb
language sql stable security definer set search_path = '' as $$
  select to_jsonb(p) - 'tenant_id' - 'depo_id'
    || jsonb_build_object(
      'b2b_customers', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'shop_id', c.shop_id, 'name', c.customer_name) order by c.customer_name, c.id)
                                   from public.route_point_b2b_customers x
                                   join public.b2b_customers c on c.tenant_id = x.tenant_id and c.id = x.b2b_customer_id
                                  where x.tenant_id = p.tenant_id and x.route_point_id = p.id), '[]'::jsonb),
      'active_customers_count', (select count(*) from public.stop_subscriptions s
                                  where s.tenant_id = p.tenant_id and s.route_point_id = p.id and s.unsubscribed_at is null));
$$;
revoke execute on function app_private.route_point_json(public.route_points) from public;

-- The editor's data: the route, its live points in order, and the unplanned sales of the period (stops the
-- route's plan events made between start and end date that are not one of its points). Readable by every
-- member of the route's depo, as the tables are.
create function public.route_points_for_editor(route_id bigint, start_date date default null, end_date date default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.routes;
begin
  select x.* into r from public.routes x
   where x.id = route_id and x.deleted_at is null
     and x.tenant_id = any (app_private.current_user_tenant_ids())
     and x.depo_id = any (app_private.readable_depo_ids());
  if r.id is null then
    raise exception 'Not found' using errcode = 'PT404';
  end if;
  return jsonb_build_object(
    'route', to_jsonb(r) - 'tenant_id',
    'can_edit', r.depo_id = any (app_private.depo_ids_where_role('{admin,depo_admin}')),
    'points', coalesce((select jsonb_agg(app_private.route_point_json(p) order by p.position, p.id)
                          from public.route_points p
                         where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null), '[]'::jsonb),
    'unplanned_sales', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'date', pe.date, 'address', s.address, 'lat', s.lat, 'lng', s.lng)
                                                  order by pe.date, s.position)
                                   from public.plan_events pe
                                   join public.plan_event_route_points s on s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id
                                  where pe.tenant_id = r.tenant_id and pe.route_id = r.id and s.route_point_id is null
                                    and (start_date is null or pe.date >= start_date)
                                    and (end_date is null or pe.date <= end_date)), '[]'::jsonb));
end;
$$;
comment on function public.route_points_for_editor(bigint, date, date) is
  'A route with its live points (B2B customers, active customers count) and the unplanned sales between two dates, for members of its depo.';
revoke execute on function public.route_points_for_editor(bigint, date, date) from public, anon;
grant execute on function public.route_points_for_editor(bigint, date, date) to authenticated, service_role;

-- Text fields of a saved point or route: refused above this length rather than stored.
create function app_private.editor_text(value jsonb, field text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  t text := nullif(btrim(value #>> '{}'), '');
begin
  if length(t) > 500 then
    raise exception '% is too long (maximum is 500 characters)', field using errcode = 'P0001';
  end if;
  return t;
end;
$$;
revoke execute on function app_private.editor_text(jsonb, text) from public;

-- Saves the route's editor fields and all its points, in the order given. `points` is the editor's whole
-- list: [{id?, deleted?, address, custom_address, use_custom_address, lat, lng, wait_time, arrival_time,
-- private_comment}]; a point without id is new; a deleted one gets deleted_at; the others are numbered by their
-- place in the list. A live point the list leaves out keeps its order after the listed ones. `approve` also
-- approves the route. Answers the editor's data as route_points_for_editor does (without unplanned sales).
create function public.save_route_points(route_id bigint, expected_version integer, route jsonb, points jsonb,
                                         approve boolean default false)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_for_editing(route_id);
  item jsonb;
  place integer := 0;
  point_id bigint;
  listed bigint[] := '{}';
begin
  if expected_version is distinct from r.version then
    raise exception 'This route was saved by someone else after you opened it' using errcode = 'PT409';
  end if;
  if jsonb_typeof(points) is distinct from 'array' or jsonb_typeof(coalesce(route, '{}'::jsonb)) <> 'object' then
    raise exception 'Invalid route points' using errcode = 'P0001';
  end if;
  if jsonb_array_length(points) > 500 then
    raise exception 'A route can have at most 500 points' using errcode = 'P0001';
  end if;
  if not exists (select 1 from jsonb_array_elements(points) e
                  where not coalesce((e ->> 'deleted')::boolean, false) and nullif(btrim(e ->> 'address'), '') is not null) then
    raise exception 'At least one route point needs an address' using errcode = 'P0001';
  end if;

  -- Positions move out of the way first, so no two live points ever share a number mid-save.
  update public.route_points p set position = p.position + 100000
   where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null;

  for item in select e from jsonb_array_elements(points) e loop
    point_id := (item ->> 'id')::bigint;
    if point_id is not null then
      if point_id = any (listed) or not exists (select 1 from public.route_points p
                                                 where p.id = point_id and p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null) then
        raise exception 'Route point % is not a point of this route', point_id using errcode = 'P0001';
      end if;
      listed := listed || point_id;
    end if;
    if coalesce((item ->> 'deleted')::boolean, false) then
      if point_id is not null then
        update public.route_points p set deleted_at = now() where p.id = point_id;
      end if;
      continue;
    end if;
    place := place + 1;
    if point_id is null then
      insert into public.route_points (tenant_id, route_id, depo_id, position, address, custom_address, use_custom_address,
                                       lat, lng, wait_time, arrival_time, private_comment)
      values (r.tenant_id, r.id, r.depo_id, place, app_private.editor_text(item -> 'address', 'Address'),
              app_private.editor_text(item -> 'custom_address', 'Custom address'), coalesce((item ->> 'use_custom_address')::boolean, false),
              (item ->> 'lat')::double precision, (item ->> 'lng')::double precision, coalesce((item ->> 'wait_time')::numeric, 2),
              (item ->> 'arrival_time')::time, app_private.editor_text(item -> 'private_comment', 'Comment'));
    else
      update public.route_points p set
        position = place,
        address = app_private.editor_text(item -> 'address', 'Address'),
        custom_address = app_private.editor_text(item -> 'custom_address', 'Custom address'),
        use_custom_address = coalesce((item ->> 'use_custom_address')::boolean, false),
        lat = (item ->> 'lat')::double precision,
        lng = (item ->> 'lng')::double precision,
        wait_time = coalesce((item ->> 'wait_time')::numeric, 2),
        arrival_time = (item ->> 'arrival_time')::time,
        private_comment = app_private.editor_text(item -> 'private_comment', 'Comment')
      where p.id = point_id;
    end if;
  end loop;
  perform app_private.renumber_route_points(r);

  update public.routes x set
    administration_time = (route ->> 'administration_time')::numeric,
    eod_administration_time = (route ->> 'eod_administration_time')::numeric,
    first_stop_arrival_time = (route ->> 'first_stop_arrival_time')::time,
    last_stop_arrival_time = (route ->> 'last_stop_arrival_time')::time,
    route_duration = (route ->> 'route_duration')::numeric,
    start_address = app_private.editor_text(route -> 'start_address', 'Start address'),
    end_address = app_private.editor_text(route -> 'end_address', 'End address'),
    start_lat = (route ->> 'start_lat')::double precision, start_lng = (route ->> 'start_lng')::double precision,
    end_lat = (route ->> 'end_lat')::double precision, end_lng = (route ->> 'end_lng')::double precision,
    should_approve = case when approve then 'approved'::public.route_approval else x.should_approve end
  where x.tenant_id = r.tenant_id and x.id = r.id
  returning x.* into r;
  perform app_private.announce_route_saved(r);
  return public.route_points_for_editor(r.id, current_date, current_date - 1);
end;
$$;
comment on function public.save_route_points(bigint, integer, jsonb, jsonb, boolean) is
  'Saves a route''s editor fields and its points in list order (deleted ones get deleted_at, the rest numbered 1..n); refused with PT409 when the route was saved since expected_version.';
revoke execute on function public.save_route_points(bigint, integer, jsonb, jsonb, boolean) from public, anon;
grant execute on function public.save_route_points(bigint, integer, jsonb, jsonb, boolean) to authenticated, service_role;

-- Moves checked points of a route to the end of another route of a depo the caller edits (with their B2B
-- customers). keep_points leaves them in the first route too; otherwise they are deleted there (deleted_at) and
-- the rest renumbered.
create function public.move_route_points(route_id bigint, expected_version integer, point_ids bigint[],
                                         target_route_id bigint, keep_points boolean default false)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  source public.routes;
  target public.routes;
  moved integer;
begin
  if route_id = target_route_id then
    raise exception 'Choose another route to move the points to' using errcode = 'P0001';
  end if;
  -- Both routes locked in id order, so two opposite moves cannot deadlock.
  if route_id < target_route_id then
    source := app_private.route_for_editing(route_id);
    target := app_private.route_for_editing(target_route_id);
  else
    target := app_private.route_for_editing(target_route_id);
    source := app_private.route_for_editing(route_id);
  end if;
  if expected_version is distinct from source.version then
    raise exception 'This route was saved by someone else after you opened it' using errcode = 'PT409';
  end if;
  if coalesce(cardinality(point_ids), 0) = 0 or cardinality(point_ids) > 500
     or exists (select 1 from unnest(point_ids) x(id)
                 where not exists (select 1 from public.route_points p
                                    where p.id = x.id and p.tenant_id = source.tenant_id and p.route_id = source.id and p.deleted_at is null)) then
    raise exception 'Select points of this route to move' using errcode = 'P0001';
  end if;

  with chosen as (
    select p.*, row_number() over (order by p.position, p.id) as n
      from public.route_points p where p.id = any (point_ids)
  ), last_place as (
    select coalesce(max(p.position), 0) as n from public.route_points p
     where p.tenant_id = target.tenant_id and p.route_id = target.id and p.deleted_at is null
  ), copied as (
    insert into public.route_points (tenant_id, route_id, depo_id, position, address, custom_address, use_custom_address, lat, lng,
                                     sales_count, wait_time, arrival_time, private_comment, public_comment, point_type)
    select target.tenant_id, target.id, target.depo_id, (select n from last_place) + c.n, c.address, c.custom_address, c.use_custom_address,
           c.lat, c.lng, c.sales_count, c.wait_time, c.arrival_time, c.private_comment, c.public_comment, c.point_type
      from chosen c order by c.n
    returning id, position
  )
  insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
  select target.tenant_id, k.id, x.b2b_customer_id, target.depo_id
    from copied k
    join chosen c on (select n from last_place) + c.n = k.position
    join public.route_point_b2b_customers x on x.tenant_id = c.tenant_id and x.route_point_id = c.id;
  moved := cardinality(point_ids);

  if not keep_points then
    update public.route_points p set deleted_at = now() where p.id = any (point_ids);
    perform app_private.renumber_route_points(source);
  end if;
  update public.routes x set version = x.version where x.id in (source.id, target.id);
  perform app_private.announce_route_saved(x) from public.routes x where x.id in (source.id, target.id);
  return moved;
end;
$$;
comment on function public.move_route_points(bigint, integer, bigint[], bigint, boolean) is
  'Appends checked points (with their B2B customers) to another route; unless keep_points, deletes them from this one and renumbers it.';
revoke execute on function public.move_route_points(bigint, integer, bigint[], bigint, boolean) from public, anon;
grant execute on function public.move_route_points(bigint, integer, bigint[], bigint, boolean) to authenticated, service_role;

-- The point, if the caller may edit its route (locks the route, so the customers change with its saves in order).
create function app_private.route_point_for_editing(point bigint) returns public.route_points
language plpgsql security definer set search_path = '' as $$
declare
  found public.route_points;
begin
  select p.* into found from public.route_points p where p.id = point and p.deleted_at is null;
  perform app_private.route_for_editing(coalesce(found.route_id, -1));
  return found;
end;
$$;
revoke execute on function app_private.route_point_for_editing(bigint) from public;

create function public.add_b2b_customer_to_route_point(route_point_id bigint, b2b_customer_id bigint) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  p public.route_points := app_private.route_point_for_editing(route_point_id);
begin
  if not exists (select 1 from public.b2b_customers c where c.tenant_id = p.tenant_id and c.id = b2b_customer_id) then
    raise exception 'The B2B customer was not found' using errcode = 'P0001';
  end if;
  insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
  values (p.tenant_id, p.id, b2b_customer_id, p.depo_id)
  on conflict do nothing;
  perform app_private.announce_route_saved(r) from public.routes r where r.id = p.route_id;
  return app_private.route_point_json(p) -> 'b2b_customers';
end;
$$;
comment on function public.add_b2b_customer_to_route_point(bigint, bigint) is 'Adds a B2B customer of the tenant to a route point; answers the point''s B2B customers.';
revoke execute on function public.add_b2b_customer_to_route_point(bigint, bigint) from public, anon;
grant execute on function public.add_b2b_customer_to_route_point(bigint, bigint) to authenticated, service_role;

create function public.remove_b2b_customer_from_route_point(route_point_id bigint, b2b_customer_id bigint) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  p public.route_points := app_private.route_point_for_editing(route_point_id);
begin
  delete from public.route_point_b2b_customers x
   where x.tenant_id = p.tenant_id and x.route_point_id = p.id and x.b2b_customer_id = remove_b2b_customer_from_route_point.b2b_customer_id;
  if not found then
    raise exception 'Already deleted' using errcode = 'P0001';
  end if;
  perform app_private.announce_route_saved(r) from public.routes r where r.id = p.route_id;
  return app_private.route_point_json(p) -> 'b2b_customers';
end;
$$;
comment on function public.remove_b2b_customer_from_route_point(bigint, bigint) is 'Removes a B2B customer from a route point; answers the point''s B2B customers.';
revoke execute on function public.remove_b2b_customer_from_route_point(bigint, bigint) from public, anon;
grant execute on function public.remove_b2b_customer_from_route_point(bigint, bigint) to authenticated, service_role;

-- Other live routes of the caller's depos with a live point within the route's radius (200 m by default) of
-- this point, or at the same address.
create function public.route_point_alternative_routes(route_point_id bigint)
returns table (id bigint, name text, depo_id bigint)
language sql stable security definer set search_path = '' as $$
  select distinct r.id, r.name, r.depo_id
    from public.route_points p
    join public.routes own on own.tenant_id = p.tenant_id and own.id = p.route_id
    join public.route_points o on o.tenant_id = p.tenant_id and o.route_id <> p.route_id and o.deleted_at is null
    join public.routes r on r.tenant_id = o.tenant_id and r.id = o.route_id and r.deleted_at is null
   where p.id = route_point_id and p.deleted_at is null
     and p.tenant_id = any (app_private.current_user_tenant_ids())
     and p.depo_id = any (app_private.readable_depo_ids())
     and r.depo_id = any (app_private.readable_depo_ids())
     and ((p.address is not null and lower(o.address) = lower(p.address))
          or (p.lat is not null and o.lat is not null
              and extensions.earth_distance(extensions.ll_to_earth(p.lat, p.lng), extensions.ll_to_earth(o.lat, o.lng)) <= coalesce(own.radius, 200)))
   order by r.name, r.id;
$$;
comment on function public.route_point_alternative_routes(bigint) is 'Other live routes stopping at or near a route point (within the route''s radius).';
revoke execute on function public.route_point_alternative_routes(bigint) from public, anon;
grant execute on function public.route_point_alternative_routes(bigint) to authenticated, service_role;
