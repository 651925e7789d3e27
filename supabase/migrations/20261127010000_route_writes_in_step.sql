-- Route writes in step with the editor (issue 11):
-- * approve_route locks the route like the editor's saves and announces itself on the route's topic, so an open
--   editor learns of the new version (the version trigger bumps it) instead of failing its next save with a 409,
--   as it does for save_route_points(approve).
-- * The editor's guards use the route writers' role list the catalogue actions use (one list, one place).
-- * save_route_points writes its list in set-based statements (one update, one insert, one delete) instead of a
--   row at a time: a 60-stop save is a handful of statements.
-- * Adding or removing a point's B2B customer is a change of the route: it bumps routes.version and announces
--   it, so a co-editor sees it live; the answer carries the new version for the editor that made it.
-- * copy_route takes the caller's request key: the same request twice (a double click, a retried call) makes
--   one copy and answers it both times.

create or replace function app_private.route_for_editing(route bigint) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  found public.routes;
begin
  select r.* into found from public.routes r
   where r.id = route and r.deleted_at is null
     and r.tenant_id = any (app_private.current_user_tenant_ids())
     and r.depo_id = any (app_private.depo_ids_where_role(app_private.route_writers()))
   for update;
  if found.id is null then
    raise exception 'You are not allowed to edit this route' using errcode = '42501';
  end if;
  return found;
end;
$$;

-- Approves a route the caller has locked for editing; answers the route as it is now. Announced when it changed.
create function app_private.approve_locked_route(route public.routes) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  approved public.routes;
begin
  update public.routes x set should_approve = 'approved'
   where x.tenant_id = route.tenant_id and x.id = route.id and x.should_approve <> 'approved'
  returning x.* into approved;
  if approved.id is null then
    return route; -- already approved: nothing changed, nothing to announce
  end if;
  perform app_private.announce_route_saved(approved);
  return approved;
end;
$$;
revoke execute on function app_private.approve_locked_route(public.routes) from public;

create or replace function public.approve_route(route_id bigint) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_writers());
begin
  if r.deleted_at is not null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  return app_private.approve_locked_route(app_private.route_for_editing(r.id));
end;
$$;

-- The editor's list, parsed once: each item's place among the live items (1..n in list order) and its fields.
create function app_private.route_editor_items(points jsonb)
returns table (id bigint, deleted boolean, place integer, address text, custom_address text, use_custom_address boolean,
               lat double precision, lng double precision, wait_time numeric, arrival_time time, private_comment text)
language sql immutable set search_path = '' as $$
  select (e ->> 'id')::bigint,
         coalesce((e ->> 'deleted')::boolean, false),
         (row_number() over (partition by coalesce((e ->> 'deleted')::boolean, false) order by n))::integer,
         app_private.editor_text(e -> 'address', 'Address'),
         app_private.editor_text(e -> 'custom_address', 'Custom address'),
         coalesce((e ->> 'use_custom_address')::boolean, false),
         (e ->> 'lat')::double precision, (e ->> 'lng')::double precision,
         coalesce((e ->> 'wait_time')::numeric, 2),
         (e ->> 'arrival_time')::time,
         app_private.editor_text(e -> 'private_comment', 'Comment')
    from jsonb_array_elements(points) with ordinality x(e, n);
$$;
revoke execute on function app_private.route_editor_items(jsonb) from public;

create or replace function public.save_route_points(route_id bigint, expected_version integer, route jsonb, points jsonb,
                                                    approve boolean default false)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_for_editing(route_id);
  stranger bigint;
  written bigint;
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

  if not exists (select 1 from app_private.route_editor_items(points) i where not i.deleted and i.address is not null) then
    raise exception 'At least one route point needs an address' using errcode = 'P0001';
  end if;
  -- Every id must be a live point of this route, listed once.
  select i.id into stranger
    from app_private.route_editor_items(points) i
   where i.id is not null
   group by i.id
  having count(*) > 1
      or not exists (select 1 from public.route_points p
                      where p.id = i.id and p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null)
   limit 1;
  if stranger is not null then
    raise exception 'Route point % is not a point of this route', stranger using errcode = 'P0001';
  end if;

  -- One statement: each part touches its own rows (deleted, listed, left out, new).
  with items as materialized (select * from app_private.route_editor_items(points)),
  gone as (
    update public.route_points p set deleted_at = now()
      from items i
     where i.deleted and i.id = p.id and p.tenant_id = r.tenant_id and p.route_id = r.id
    returning p.id
  ), kept as (
    update public.route_points p set
      position = i.place, address = i.address, custom_address = i.custom_address, use_custom_address = i.use_custom_address,
      lat = i.lat, lng = i.lng, wait_time = i.wait_time, arrival_time = i.arrival_time, private_comment = i.private_comment
      from items i
     where not i.deleted and i.id = p.id and p.tenant_id = r.tenant_id and p.route_id = r.id
    returning p.id
  ), left_out as (
    -- Live points the list leaves out go after the listed ones, in their old order.
    update public.route_points p set position = p.position + 100000
     where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null
       and not exists (select 1 from items i where i.id = p.id)
    returning p.id
  ), added as (
    insert into public.route_points (tenant_id, route_id, depo_id, position, address, custom_address, use_custom_address,
                                     lat, lng, wait_time, arrival_time, private_comment)
    select r.tenant_id, r.id, r.depo_id, i.place, i.address, i.custom_address, i.use_custom_address,
           i.lat, i.lng, i.wait_time, i.arrival_time, i.private_comment
      from items i
     where not i.deleted and i.id is null
     order by i.place
    returning id
  )
  select (select count(*) from gone) + (select count(*) from kept) + (select count(*) from left_out) + (select count(*) from added)
    into written;

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

-- A route whose points changed outside a save: one more version, announced. Answers the route as it is now.
create function app_private.route_changed(route_id bigint) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  changed public.routes;
begin
  update public.routes x set version = x.version where x.id = route_id returning x.* into changed; -- the trigger bumps it
  perform app_private.announce_route_saved(changed);
  return changed;
end;
$$;
revoke execute on function app_private.route_changed(bigint) from public;

-- Both answer {b2b_customers, version}: the point's customers and the route's version after the change.
create or replace function public.add_b2b_customer_to_route_point(route_point_id bigint, b2b_customer_id bigint) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  p public.route_points := app_private.route_point_for_editing(route_point_id);
  r public.routes;
begin
  if not exists (select 1 from public.b2b_customers c where c.tenant_id = p.tenant_id and c.id = b2b_customer_id) then
    raise exception 'The B2B customer was not found' using errcode = 'P0001';
  end if;
  insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
  values (p.tenant_id, p.id, b2b_customer_id, p.depo_id)
  on conflict do nothing;
  if found then
    r := app_private.route_changed(p.route_id);
  else
    select x.* into r from public.routes x where x.id = p.route_id; -- already there: nothing changed
  end if;
  return jsonb_build_object('b2b_customers', app_private.route_point_json(p) -> 'b2b_customers', 'version', r.version);
end;
$$;
comment on function public.add_b2b_customer_to_route_point(bigint, bigint) is
  'Adds a B2B customer of the tenant to a route point (a change of the route: its version moves on); answers the point''s B2B customers and the route''s version.';

create or replace function public.remove_b2b_customer_from_route_point(route_point_id bigint, b2b_customer_id bigint) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  p public.route_points := app_private.route_point_for_editing(route_point_id);
  r public.routes;
begin
  delete from public.route_point_b2b_customers x
   where x.tenant_id = p.tenant_id and x.route_point_id = p.id and x.b2b_customer_id = remove_b2b_customer_from_route_point.b2b_customer_id;
  if not found then
    raise exception 'Already deleted' using errcode = 'P0001';
  end if;
  r := app_private.route_changed(p.route_id);
  return jsonb_build_object('b2b_customers', app_private.route_point_json(p) -> 'b2b_customers', 'version', r.version);
end;
$$;
comment on function public.remove_b2b_customer_from_route_point(bigint, bigint) is
  'Removes a B2B customer from a route point (a change of the route: its version moves on); answers the point''s B2B customers and the route''s version.';

-- Copy with the caller's request key: the copy remembers the key it was made for (unique per tenant).
alter table public.routes add column copy_request_key uuid;
comment on column public.routes.copy_request_key is 'The request key copy_route made this route for: the same request again answers this route instead of a second copy.';
create unique index routes_copy_request_key_key on public.routes (tenant_id, copy_request_key) where copy_request_key is not null;

alter function public.copy_route(bigint, bigint, boolean) rename to copy_route_once;
alter function public.copy_route_once(bigint, bigint, boolean) set schema app_private;
revoke execute on function app_private.copy_route_once(bigint, bigint, boolean) from public, anon, authenticated;

create function public.copy_route(route_id bigint, new_depo_id bigint, reverse boolean default false, request_key uuid default null)
returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  source public.routes := app_private.route_in_reach(route_id, app_private.route_writers());
  copied public.routes;
begin
  if request_key is not null then
    -- The same request twice waits here for the first one, then answers its copy.
    perform pg_advisory_xact_lock(hashtextextended('copy_route:' || request_key::text, 0));
    select x.* into copied from public.routes x where x.tenant_id = source.tenant_id and x.copy_request_key = request_key;
    if copied.id is not null then
      return copied;
    end if;
  end if;
  copied := app_private.copy_route_once(route_id, new_depo_id, reverse);
  if request_key is not null then
    update public.routes x set copy_request_key = request_key where x.tenant_id = copied.tenant_id and x.id = copied.id
    returning x.* into copied;
  end if;
  return copied;
end;
$$;
comment on function public.copy_route(bigint, bigint, boolean, uuid) is
  'Admins and depo admins copy a route (reversed when asked) into a depo of the tenant they may write routes in; the same request_key answers the same copy.';
revoke execute on function public.copy_route(bigint, bigint, boolean, uuid) from public, anon;
grant execute on function public.copy_route(bigint, bigint, boolean, uuid) to authenticated, service_role;
