-- The route list and the route catalogue actions (delivery-operations §2, §4 "Route approval", §7;
-- inventory-public-support §2.6): approve, copy and copy-and-reverse into a chosen depo, delete and undo delete,
-- similar routes, customers of a route, unplanned sales, destroy points by address, create a point.
-- Every action answers a forged id, another tenant's route and a route of a depo the caller does not work in
-- with the same 'Not found', so an id tells nothing about what exists; a member who may read the route but not
-- change it (support, driver) gets a permission refusal. Writes are for admins and depo admins, as the tables'
-- policies allow (20261122010500).

-- The route, if the caller works in its depo; with `roles`, only if they hold one of them there.
create function app_private.route_in_reach(p_route_id bigint, p_roles public.app_role[]) returns public.routes
language plpgsql stable security definer set search_path = '' as $$
declare
  found public.routes;
begin
  select r.* into found from public.routes r
   where r.id = p_route_id
     and r.tenant_id = any (app_private.current_user_tenant_ids())
     and r.depo_id = any (app_private.readable_depo_ids());
  if found.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  if not (found.depo_id = any (app_private.depo_ids_where_role(p_roles))) then
    raise exception 'You are not allowed to change this route' using errcode = '42501';
  end if;
  return found;
end;
$$;
revoke execute on function app_private.route_in_reach(bigint, public.app_role[]) from public;

create function app_private.route_writers() returns public.app_role[] language sql immutable as $$ select '{admin,depo_admin}'::public.app_role[] $$;
create function app_private.route_readers() returns public.app_role[] language sql immutable as $$ select enum_range(null::public.app_role) $$;

-- Renumbers a route's live points 1..n in their current order (after points were removed or inserted).
create function app_private.renumber_route_points(p_tenant_id uuid, p_route_id bigint) returns void
language sql security definer set search_path = '' as $$
  update public.route_points rp set position = n.position
    from (select p.id, row_number() over (order by p.position, p.id)::int as position
            from public.route_points p
           where p.tenant_id = p_tenant_id and p.route_id = p_route_id and p.deleted_at is null) n
   where rp.tenant_id = p_tenant_id and rp.id = n.id and rp.position <> n.position;
$$;
revoke execute on function app_private.renumber_route_points(uuid, bigint) from public;

-- The route list of a depo (filters: active, approved, not_approved, deleted) with each route's stop count.
-- Runs as the caller, so row-level security decides what it lists.
create function public.depo_route_list(p_depo_id bigint, p_filter text default 'active')
returns table (
  id bigint,
  depo_id bigint,
  name text,
  route_type text,
  should_approve public.route_approval,
  tag text,
  radius integer,
  route_duration numeric,
  first_stop_arrival_time time,
  minimum_efficient_sales_count integer,
  stops_count integer,
  created_at timestamptz,
  deleted_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  select r.id, r.depo_id, r.name, r.route_type, r.should_approve, r.tag, r.radius, r.route_duration, r.first_stop_arrival_time,
         r.minimum_efficient_sales_count,
         (select count(*)::int from public.route_points p
           where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null) as stops_count,
         r.created_at, r.deleted_at
    from public.routes r
   where r.depo_id = p_depo_id
     and case coalesce(p_filter, 'active')
           when 'active' then r.deleted_at is null
           when 'approved' then r.deleted_at is null and r.should_approve = 'approved'
           when 'not_approved' then r.deleted_at is null and r.should_approve <> 'approved'
           when 'deleted' then r.deleted_at is not null
           else false
         end
   order by r.name, r.id;
$$;
comment on function public.depo_route_list(bigint, text) is
  'The routes of a depo the caller may read, by filter (active, approved, not_approved, deleted), with their stop counts.';
grant execute on function public.depo_route_list(bigint, text) to authenticated;

-- Approve ('Route successfully approved!'): anything not approved becomes approved; approving twice changes nothing.
create function public.approve_route(route_id bigint) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_writers());
  approved public.routes;
begin
  if r.deleted_at is not null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  update public.routes x set should_approve = 'approved'
   where x.tenant_id = r.tenant_id and x.id = r.id and x.should_approve <> 'approved'
  returning x.* into approved;
  if approved.id is null then
    return r; -- already approved
  end if;
  return approved;
end;
$$;
comment on function public.approve_route(bigint) is 'Admins and depo admins of the route''s depo approve a route.';

-- Where each live point of a route goes in its copy: numbered 1..n in order, or in the opposite order.
create function app_private.route_copy_positions(p_tenant_id uuid, p_route_id bigint, p_reverse boolean)
returns table (old_id bigint, new_position integer)
language sql stable security definer set search_path = '' as $$
  select p.id, (case when p_reverse then row_number() over (order by p.position desc, p.id desc)
                     else row_number() over (order by p.position, p.id) end)::int
    from public.route_points p
   where p.tenant_id = p_tenant_id and p.route_id = p_route_id and p.deleted_at is null;
$$;
revoke execute on function app_private.route_copy_positions(uuid, bigint, boolean) from public;

-- Copy (or copy and reverse) a route with its live points and their B2B customers into a depo of the same
-- tenant where the caller may write routes. The copy is a new, not yet approved route. Reversed: the points in
-- the opposite order numbered 1..n, start and end swapped, day separators kept between the same stops, and the
-- planned times cleared (they belonged to the other direction).
create function public.copy_route(route_id bigint, new_depo_id bigint, reverse boolean default false) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  source public.routes := app_private.route_in_reach(route_id, app_private.route_writers());
  copied public.routes;
begin
  if source.deleted_at is not null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  if new_depo_id is null or not exists (
       select 1 from public.depos d
        where d.tenant_id = source.tenant_id and d.id = new_depo_id
          and d.id = any (app_private.depo_ids_where_role(app_private.route_writers()))) then
    raise exception 'You are not allowed to copy routes into this depo' using errcode = '42501';
  end if;

  insert into public.routes (tenant_id, depo_id, name, route_type, should_approve, administration_time, eod_administration_time,
                             first_stop_arrival_time, last_stop_arrival_time, route_duration, start_address, end_address,
                             start_lat, start_lng, end_lat, end_lng, should_leave_at_time, return_to_depo, radius, tag,
                             minimum_efficient_sales_count)
  values (source.tenant_id, new_depo_id,
          left(source.name, 120 - length(case when reverse then ' (reversed copy)' else ' (copy)' end))
            || case when reverse then ' (reversed copy)' else ' (copy)' end,
          source.route_type, 'pending', source.administration_time, source.eod_administration_time,
          case when reverse then null else source.first_stop_arrival_time end,
          case when reverse then null else source.last_stop_arrival_time end,
          source.route_duration,
          case when reverse then source.end_address else source.start_address end,
          case when reverse then source.start_address else source.end_address end,
          case when reverse then source.end_lat else source.start_lat end,
          case when reverse then source.end_lng else source.start_lng end,
          case when reverse then source.start_lat else source.end_lat end,
          case when reverse then source.start_lng else source.end_lng end,
          source.should_leave_at_time, source.return_to_depo, source.radius, source.tag, source.minimum_efficient_sales_count)
  returning * into copied;

  insert into public.route_points (tenant_id, route_id, depo_id, position, address, custom_address, use_custom_address, lat, lng,
                                   sales_count, wait_time, arrival_time, private_comment, public_comment, point_type, separator,
                                   google_estimate_time)
  select source.tenant_id, copied.id, new_depo_id, m.new_position, p.address, p.custom_address, p.use_custom_address, p.lat, p.lng,
         p.sales_count, p.wait_time,
         case when reverse then null else p.arrival_time end,
         p.private_comment, p.public_comment, p.point_type,
         -- A day ends after the same stop going forward; going back it ends after the stop that followed it.
         case when reverse then coalesce(lag(p.separator) over (order by p.position, p.id), false) else p.separator end,
         case when reverse then null else p.google_estimate_time end
    from public.route_points p
    join app_private.route_copy_positions(source.tenant_id, source.id, reverse) m on m.old_id = p.id
   where p.tenant_id = source.tenant_id
   order by m.new_position;

  insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
  select source.tenant_id, np.id, b.b2b_customer_id, new_depo_id
    from app_private.route_copy_positions(source.tenant_id, source.id, reverse) m
    join public.route_point_b2b_customers b on b.tenant_id = source.tenant_id and b.route_point_id = m.old_id
    join public.route_points np on np.tenant_id = source.tenant_id and np.route_id = copied.id and np.position = m.new_position;

  return copied;
end;
$$;
comment on function public.copy_route(bigint, bigint, boolean) is
  'Admins and depo admins copy a route (reversed when asked) into a depo of the tenant they may write routes in.';

-- Delete keeps the route (plan events and history point at it) and marks it; undo clears the mark.
create function public.delete_route(route_id bigint) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_writers());
begin
  update public.routes x set deleted_at = now()
   where x.tenant_id = r.tenant_id and x.id = r.id and x.deleted_at is null;
  select x.* into r from public.routes x where x.tenant_id = r.tenant_id and x.id = r.id;
  return r;
end;
$$;
comment on function public.delete_route(bigint) is 'Admins and depo admins of the route''s depo delete a route (it gets deleted_at; undo_delete_route brings it back).';

create function public.undo_delete_route(route_id bigint) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_writers());
begin
  update public.routes x set deleted_at = null
   where x.tenant_id = r.tenant_id and x.id = r.id and x.deleted_at is not null;
  select x.* into r from public.routes x where x.tenant_id = r.tenant_id and x.id = r.id;
  return r;
end;
$$;
comment on function public.undo_delete_route(bigint) is 'Admins and depo admins of the route''s depo bring a deleted route back.';

-- Other live routes of the tenant, in depos the caller works in, with stops within the route's radius (200 m
-- when unset) of this route's stops: how many of this route's stops they share, most first.
create function public.similar_routes(route_id bigint)
returns table (id bigint, depo_id bigint, depo_title text, name text, should_approve public.route_approval, shared_stops integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_readers());
  reach double precision := coalesce(r.radius, 200);
  -- Degrees of latitude per metre; the box is widened for longitude by the cosine of the latitude.
  deg double precision := reach / 111320.0;
begin
  return query
  select o.id, o.depo_id, d.title, o.name, o.should_approve, count(distinct p.id)::int
    from public.route_points p
    join public.route_points q on q.tenant_id = p.tenant_id and q.route_id <> p.route_id and q.deleted_at is null
     and q.lat between p.lat - deg and p.lat + deg
     and q.lng between p.lng - deg / greatest(cos(radians(p.lat)), 0.01) and p.lng + deg / greatest(cos(radians(p.lat)), 0.01)
     and app_private.meters_between(p.lat, p.lng, q.lat, q.lng) <= reach
    join public.routes o on o.tenant_id = q.tenant_id and o.id = q.route_id and o.deleted_at is null
    join public.depos d on d.tenant_id = o.tenant_id and d.id = o.depo_id
   where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null and p.lat is not null and p.lng is not null
     and o.depo_id = any (app_private.readable_depo_ids())
   group by o.id, o.depo_id, d.title, o.name, o.should_approve
   order by count(distinct p.id) desc, o.name, o.id
   limit 100;
end;
$$;
comment on function public.similar_routes(bigint) is 'Routes sharing stops (within the route''s radius) with a route the caller may read.';

-- The customers of a route: SMS subscribers of its stops and the B2B customers on them, by stop.
create function public.route_customers(route_id bigint)
returns table (kind text, customer_id bigint, name text, phone text, address text, route_point_id bigint, "position" integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_readers());
begin
  return query
  select x.kind, x.customer_id, x.name, x.phone, x.address, x.route_point_id, x.position
    from (
      select 'customer'::text as kind, c.id as customer_id,
             coalesce(nullif(c.name, ''), nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '')) as name,
             c.phone, coalesce(c.address, p.address) as address, p.id as route_point_id, p.position
        from public.route_points p
        join public.stop_subscriptions s on s.tenant_id = p.tenant_id and s.route_point_id = p.id and s.unsubscribed_at is null
        join public.customers c on c.tenant_id = s.tenant_id and c.id = s.customer_id
       where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null
      union all
      select 'b2b', b.id, b.customer_name, b.phone, coalesce(b.address, p.address), p.id, p.position
        from public.route_points p
        join public.route_point_b2b_customers l on l.tenant_id = p.tenant_id and l.route_point_id = p.id
        join public.b2b_customers b on b.tenant_id = l.tenant_id and b.id = l.b2b_customer_id
       where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null
    ) x
   order by x.position, x.kind, x.name nulls last, x.customer_id
   limit 5000;
end;
$$;
comment on function public.route_customers(bigint) is 'SMS subscribers and B2B customers of the stops of a route the caller may read.';

-- Unplanned sales: stops the truck made on this route's plan events that are not points of the route, in a
-- date range of the plan events when given (either end may be open).
create function public.route_unplanned_sales(route_id bigint, start_date date default null, end_date date default null)
returns table (id bigint, plan_event_id bigint, date date, address text, lat double precision, lng double precision,
               visited_at timestamptz, "position" integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_readers());
begin
  if start_date is not null and end_date is not null and end_date < start_date then
    end_date := start_date; -- the spec's rule: the end is forced to the start when the start is later
  end if;
  return query
  select s.id, pe.id, coalesce(s.arrival_date, pe.date), s.address, s.lat, s.lng, s.visited_at, s.position
    from public.plan_events pe
    join public.plan_event_route_points s on s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id
   where pe.tenant_id = r.tenant_id and pe.route_id = r.id
     and s.route_point_id is null and s.point_visited
     and (start_date is null or pe.date >= start_date)
     and (end_date is null or pe.date <= end_date)
   order by pe.date desc, s.position
   limit 5000;
end;
$$;
comment on function public.route_unplanned_sales(bigint, date, date) is
  'Visited stops of a route''s plan events that are not points of the route, optionally within plan-event dates.';

-- 'Route Point Deleted': the route's live points at an address (case and surrounding spaces ignored) get
-- deleted_at and the rest are renumbered. Returns how many were deleted.
create function public.destroy_route_points_by_address(route_id bigint, address text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_writers());
  removed integer;
begin
  if nullif(trim(address), '') is null then
    raise exception 'Address can''t be blank' using errcode = '22023';
  end if;
  update public.route_points p set deleted_at = now()
   where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null
     and lower(trim(p.address)) = lower(trim(destroy_route_points_by_address.address));
  get diagnostics removed = row_count;
  if removed = 0 then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  perform app_private.renumber_route_points(r.tenant_id, r.id);
  return removed;
end;
$$;
comment on function public.destroy_route_points_by_address(bigint, text) is
  'Admins and depo admins delete the points of a route at an address; the remaining points are renumbered.';

-- 'Route Point created': a point at an address, at a position (the end when none or past the end); the points
-- from that position on move one down.
create function public.create_route_point(route_id bigint, address text, lat double precision default null,
                                          lng double precision default null, "position" integer default null)
returns public.route_points
language plpgsql security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, app_private.route_writers());
  live integer;
  at integer;
  created public.route_points;
begin
  if nullif(trim(address), '') is null then
    raise exception 'Address can''t be blank' using errcode = '22023';
  end if;
  if length(trim(address)) > 500 then
    raise exception 'Address is too long (maximum is 500 characters)' using errcode = '22023';
  end if;
  if r.deleted_at is not null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  -- One point at a time per route, so two creates at once cannot take the same position.
  perform 1 from public.routes x where x.tenant_id = r.tenant_id and x.id = r.id for update;
  select count(*)::int into live from public.route_points p where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null;
  at := least(greatest(coalesce(create_route_point.position, live + 1), 1), live + 1);
  update public.route_points p set position = p.position + 1
   where p.tenant_id = r.tenant_id and p.route_id = r.id and p.deleted_at is null and p.position >= at;
  insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
  values (r.tenant_id, r.id, r.depo_id, at, trim(address), lat, lng)
  returning * into created;
  return created;
end;
$$;
comment on function public.create_route_point(bigint, text, double precision, double precision, integer) is
  'Admins and depo admins add a point to a route at a position (the end by default).';

revoke execute on function public.approve_route(bigint), public.copy_route(bigint, bigint, boolean), public.delete_route(bigint),
  public.undo_delete_route(bigint), public.similar_routes(bigint), public.route_customers(bigint),
  public.route_unplanned_sales(bigint, date, date), public.destroy_route_points_by_address(bigint, text),
  public.create_route_point(bigint, text, double precision, double precision, integer), public.depo_route_list(bigint, text) from public, anon;
grant execute on function public.approve_route(bigint), public.copy_route(bigint, bigint, boolean), public.delete_route(bigint),
  public.undo_delete_route(bigint), public.similar_routes(bigint), public.route_customers(bigint),
  public.route_unplanned_sales(bigint, date, date), public.destroy_route_points_by_address(bigint, text),
  public.create_route_point(bigint, text, double precision, double precision, integer), public.depo_route_list(bigint, text) to authenticated;
