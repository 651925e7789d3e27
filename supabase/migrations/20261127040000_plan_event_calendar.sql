-- The plan-event calendar (delivery-operations §2 "Plan events and calendar", §4 Plan event, §5, §6, §7 "Plan
-- events"): a depo's week of active cars × Monday–Sunday with its plan events and day figures, and the calendar's
-- writes: create plan events for a list of dates (optionally recurring, as one series), change route and driver or
-- the start time, delete one event, its series, or a car's events within a date range.
--
-- Who: admins, depo admins and support of the depo read the week; admins and depo admins write (as the table's
-- policies allow, 20261122010500). A forged id, another tenant's row and a depo the caller does not work in all get
-- 'Not found'; a member of the depo without the right role gets a permission refusal (42501). The functions are
-- security definer so they can check every rule in one place and answer in people's words; row-level security on
-- plan_events stays the guard for everything else.

create function app_private.calendar_readers() returns public.app_role[] language sql immutable set search_path = '' as $$ select '{admin,depo_admin,support}'::public.app_role[] $$;
create function app_private.calendar_writers() returns public.app_role[] language sql immutable set search_path = '' as $$ select '{admin,depo_admin}'::public.app_role[] $$;

-- The depo's tenant, if the caller works in the depo with one of `roles`; else 'Not found' or a refusal.
create function app_private.calendar_depo_in_reach(p_depo_id bigint, p_roles public.app_role[]) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  tenant uuid;
begin
  select d.tenant_id into tenant from public.depos d
   where d.id = p_depo_id
     and d.tenant_id = any (app_private.current_user_tenant_ids())
     and d.id = any (app_private.readable_depo_ids());
  if tenant is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  if not (p_depo_id = any (app_private.depo_ids_where_role(p_roles))) then
    raise exception 'You are not allowed to do this in this depo' using errcode = '42501';
  end if;
  return tenant;
end;
$$;

-- A plan event the caller may change (admin or depo admin of its depo).
create function app_private.plan_event_in_reach(p_plan_event_id bigint) returns public.plan_events
language plpgsql stable security definer set search_path = '' as $$
declare
  found public.plan_events;
begin
  select pe.* into found from public.plan_events pe
   where pe.id = p_plan_event_id
     and pe.tenant_id = any (app_private.current_user_tenant_ids())
     and pe.depo_id = any (app_private.readable_depo_ids());
  if found.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  perform app_private.calendar_depo_in_reach(found.depo_id, app_private.calendar_writers());
  return found;
end;
$$;

-- DD-MM-YYYY, as the calendar shows dates.
create function app_private.calendar_date_text(d date) returns text language sql immutable set search_path = '' as $$ select to_char(d, 'DD-MM-YYYY') $$;

-- Refuses a route, driver or car that is already planned on one of `p_dates` (other than `p_except`), in words.
-- The unique keys (route, date) and (driver, date) remain the last word under concurrency.
create function app_private.refuse_plan_event_conflicts(p_tenant_id uuid, p_route_id bigint, p_user_id uuid, p_car_id bigint,
                                                        p_dates date[], p_day_span integer, p_except bigint)
returns void language plpgsql stable security definer set search_path = '' as $$
declare
  clash record;
begin
  select r.name, pe.date into clash from public.plan_events pe join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
   where pe.tenant_id = p_tenant_id and pe.route_id = p_route_id and pe.date = any (p_dates) and pe.id is distinct from p_except
   order by pe.date limit 1;
  if found then
    raise exception 'Route % is already planned on %', clash.name, app_private.calendar_date_text(clash.date) using errcode = 'P0001';
  end if;
  select coalesce(nullif(trim(sp.first_name || ' ' || sp.last_name), ''), sp.email) as name, pe.date into clash
    from public.plan_events pe join public.staff_profiles sp on sp.user_id = pe.user_id
   where pe.tenant_id = p_tenant_id and pe.user_id = p_user_id and pe.date = any (p_dates) and pe.id is distinct from p_except
   order by pe.date limit 1;
  if found then
    raise exception 'Driver % already has a plan event on %', clash.name, app_private.calendar_date_text(clash.date) using errcode = 'P0001';
  end if;
  -- A car drives one plan event at a time: a multi-day event holds the car on every day it covers.
  select c.internal_number as name, d.day as date into clash
    from unnest(p_dates) d(day)
    join public.plan_events pe on pe.tenant_id = p_tenant_id and pe.car_id = p_car_id and pe.id is distinct from p_except
     and pe.date <= d.day + p_day_span - 1 and d.day <= pe.date + pe.day_span - 1
    join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
   order by d.day limit 1;
  if found then
    raise exception 'Car % already has a plan event on %', clash.name, app_private.calendar_date_text(clash.date) using errcode = 'P0001';
  end if;
end;
$$;

-- The days a route's trip takes: one, plus one for each day separator before its last stop.
create function app_private.route_day_span(p_tenant_id uuid, p_route_id bigint) returns integer
language sql stable security definer set search_path = '' as $$
  select least(14, 1 + count(*) filter (where p.separator and p.position < m.last_position))::int
    from public.route_points p
    cross join (select max(x.position) as last_position from public.route_points x
                 where x.tenant_id = p_tenant_id and x.route_id = p_route_id and x.deleted_at is null) m
   where p.tenant_id = p_tenant_id and p.route_id = p_route_id and p.deleted_at is null;
$$;

-- Gives a plan event the stops of its route (replacing any it had): the route's live points in order, each dated
-- by the day separators before it, so stop triggers (SMS receivers, estimates) follow as for any new stop.
create function app_private.copy_route_stops_to_plan_event(p_tenant_id uuid, p_plan_event_id bigint) returns void
language sql security definer set search_path = '' as $$
  delete from public.plan_event_route_points s where s.tenant_id = p_tenant_id and s.plan_event_id = p_plan_event_id;
  insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng, arrival_date)
  select pe.tenant_id, pe.id, p.id, pe.depo_id, row_number() over w, coalesce(case when p.use_custom_address then p.custom_address end, p.address),
         p.lat, p.lng,
         pe.date + (count(*) filter (where p.separator) over w - case when p.separator then 1 else 0 end)::int
    from public.plan_events pe
    join public.route_points p on p.tenant_id = pe.tenant_id and p.route_id = pe.route_id and p.deleted_at is null
   where pe.tenant_id = p_tenant_id and pe.id = p_plan_event_id
  window w as (order by p.position, p.id);
$$;

-- Requests already answered, by the key the browser sends with a create: a retried or doubled request gets the
-- first answer instead of a second set of plan events (or a conflict with its own events).
create table app_private.plan_event_create_requests (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  user_id uuid not null,
  request_key uuid not null,
  plan_event_ids bigint[] not null default '{}',
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id, request_key)
);
alter table app_private.plan_event_create_requests enable row level security;
comment on table app_private.plan_event_create_requests is 'Plan-event creates already done, by request key (idempotence); written only by create_plan_events.';

-- Keys older than a day can no longer be a retry.
create function app_private.prune_plan_event_create_requests() returns void
language sql security definer set search_path = '' as $$
  delete from app_private.plan_event_create_requests where created_at < now() - interval '1 day';
$$;
select cron.schedule('prune-plan-event-create-requests', '17 * * * *', 'select app_private.prune_plan_event_create_requests()');

-- ---------------------------------------------------------------------------------------------------------------
-- The week. Every reader function takes the Monday of the ISO week; a date that is not a Monday is refused.

create function app_private.refuse_non_monday(p_week_start date) returns void language plpgsql immutable set search_path = '' as $$
begin
  if p_week_start is null or extract(isodow from p_week_start) <> 1 then
    raise exception 'The week must start on a Monday' using errcode = '22023';
  end if;
end;
$$;

-- The rows of the calendar: the depo's active cars, and cars of other depos that drive one of this depo's plan
-- events in the week (shown, but not editable here). `is_current_depo` says which is which.
create function public.plan_event_calendar_cars(p_depo_id bigint, p_week_start date)
returns table (id bigint, internal_number text, depo_id bigint, is_current_depo boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  tenant uuid := app_private.calendar_depo_in_reach(p_depo_id, app_private.calendar_readers());
begin
  perform app_private.refuse_non_monday(p_week_start);
  return query
  select c.id, c.internal_number, c.depo_id, c.depo_id = p_depo_id
    from public.cars c
   where c.tenant_id = tenant and c.deleted_at is null
     and ((c.depo_id = p_depo_id and c.status = 'active')
          or exists (select 1 from public.plan_events pe
                      where pe.tenant_id = tenant and pe.depo_id = p_depo_id and pe.car_id = c.id
                        and pe.date between p_week_start - 13 and p_week_start + 6
                        and pe.date + pe.day_span - 1 >= p_week_start))
   order by c.depo_id <> p_depo_id, c.internal_number, c.id;
end;
$$;
comment on function public.plan_event_calendar_cars(bigint, date) is
  'The calendar rows of a depo''s week: its active cars and other cars driving its plan events that week.';

-- The plan events touching the week (a multi-day event that began the week before included), with what a cell
-- shows. Revenue is the final total of the trip's valid end-of-day reports.
create function public.plan_event_calendar_events(p_depo_id bigint, p_week_start date)
returns table (
  id bigint, date date, day_span integer, car_id bigint, depo_id bigint, route_id bigint, route_name text,
  user_id uuid, user_full_name text, user_email text, car_internal_number text,
  start_at_hour smallint, start_at_min smallint, series_id bigint, series_start_date date, series_end_date date,
  series_recurrence_interval integer, can_be_deleted boolean, started_at timestamptz, revenue numeric
)
language plpgsql stable security definer set search_path = '' as $$
declare
  tenant uuid := app_private.calendar_depo_in_reach(p_depo_id, app_private.calendar_readers());
begin
  perform app_private.refuse_non_monday(p_week_start);
  return query
  select pe.id, pe.date, pe.day_span, pe.car_id, pe.depo_id, pe.route_id, r.name,
         pe.user_id, nullif(trim(sp.first_name || ' ' || sp.last_name), ''), sp.email, c.internal_number,
         pe.start_at_hour, pe.start_at_min, pe.series_id, s.start_date, s.end_date, s.recurrence_interval,
         pe.started_at is null, pe.started_at,
         (select coalesce(sum(e.final_total), 0) from public.end_of_day_reports e
           where e.tenant_id = pe.tenant_id and e.plan_event_id = pe.id and not e.invalid)
    from public.plan_events pe
    join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
    left join public.staff_profiles sp on sp.user_id = pe.user_id
    left join public.plan_event_series s on s.tenant_id = pe.tenant_id and s.id = pe.series_id
   where pe.tenant_id = tenant and pe.depo_id = p_depo_id
     and pe.date between p_week_start - 13 and p_week_start + 6
     and pe.date + pe.day_span - 1 >= p_week_start
   order by pe.car_id, pe.date;
end;
$$;
comment on function public.plan_event_calendar_events(bigint, date) is
  'The plan events of a depo touching a week, with route, driver, car, start time, series and whether each may be deleted.';

-- The day headers: for each day of the week, Total (the final totals of the valid end-of-day reports of the
-- depo's plan events that day), AVG trip (Total per trip with a report) and AVG (the mean Total of the same
-- weekday over the 8 weeks before, counting the weeks that had revenue): what a planner compares a day with.
create function public.plan_event_calendar_days(p_depo_id bigint, p_week_start date)
returns table (date date, total numeric, avg_trip numeric, avg numeric)
language plpgsql stable security definer set search_path = '' as $$
declare
  tenant uuid := app_private.calendar_depo_in_reach(p_depo_id, app_private.calendar_readers());
begin
  perform app_private.refuse_non_monday(p_week_start);
  return query
  with trips as (
    select pe.date, sum(e.final_total) as revenue
      from public.plan_events pe
      join public.end_of_day_reports e on e.tenant_id = pe.tenant_id and e.plan_event_id = pe.id and not e.invalid
     where pe.tenant_id = tenant and pe.depo_id = p_depo_id
       and pe.date between p_week_start - 56 and p_week_start + 6
     group by pe.id, pe.date
  ), by_day as (
    select t.date, sum(t.revenue) as total, count(*) as trips from trips t group by t.date
  )
  select d.day::date,
         coalesce(b.total, 0)::numeric(12, 2),
         coalesce(round(b.total / nullif(b.trips, 0), 2), 0)::numeric(12, 2),
         coalesce((select round(avg(h.total), 2) from by_day h
                    where h.date < d.day::date and h.date >= d.day::date - 56 and extract(isodow from h.date) = extract(isodow from d.day)), 0)::numeric(12, 2)
    from generate_series(p_week_start, p_week_start + 6, interval '1 day') d(day)
    left join by_day b on b.date = d.day::date
   order by 1;
end;
$$;
comment on function public.plan_event_calendar_days(bigint, date) is
  'The day headers of a depo''s week: Total, AVG trip and the same weekday''s average over the 8 weeks before.';

-- What the pickers offer for a date: the tenant's active members and the depo's live routes, each with whether it
-- is already planned that date (by an event other than `p_except`), so the picker can leave those out.
create function public.plan_event_calendar_choices(p_depo_id bigint, p_date date, p_except bigint default null)
returns table (kind text, id text, label text, taken boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  tenant uuid := app_private.calendar_depo_in_reach(p_depo_id, app_private.calendar_writers());
begin
  return query
  select 'route', r.id::text, r.name,
         exists (select 1 from public.plan_events pe where pe.tenant_id = tenant and pe.route_id = r.id and pe.date = p_date
                   and pe.id is distinct from p_except)
    from public.routes r
   where r.tenant_id = tenant and r.depo_id = p_depo_id and r.deleted_at is null
  union all
  select 'user', m.user_id::text, coalesce(nullif(trim(sp.first_name || ' ' || sp.last_name), ''), sp.email),
         exists (select 1 from public.plan_events pe where pe.tenant_id = tenant and pe.user_id = m.user_id and pe.date = p_date
                   and pe.id is distinct from p_except)
    from public.tenant_memberships m
    join public.staff_profiles sp on sp.user_id = m.user_id
   where m.tenant_id = tenant and m.status = 'active'
   order by 1, 3, 2;
end;
$$;
comment on function public.plan_event_calendar_choices(bigint, date, bigint) is
  'The routes and drivers a plan event on a date may take, each flagged when already planned that date.';

-- ---------------------------------------------------------------------------------------------------------------
-- Writes.

-- Creates plan events of a car for a list of dates, all or none. Recurring (`p_recurrence_interval` days up to
-- `p_series_end`): each date repeats every interval until the end date, and the events form one series. A
-- conflict (the route, the driver or the car already planned on a date) refuses the whole request with a
-- sentence naming it. The same `p_request_key` again answers the events of the first request.
create function public.create_plan_events(
  p_depo_id bigint, p_car_id bigint, p_route_id bigint, p_user_id uuid, p_dates date[],
  p_recurrence_interval integer default null, p_series_end date default null, p_request_key uuid default null
) returns setof public.plan_events
language plpgsql security definer set search_path = '' as $$
declare
  tenant uuid := app_private.calendar_depo_in_reach(p_depo_id, app_private.calendar_writers());
  me uuid := auth.uid();
  all_dates date[];
  span integer;
  series bigint;
  made bigint[];
  earlier bigint[];
begin
  if p_request_key is not null then
    insert into app_private.plan_event_create_requests (tenant_id, user_id, request_key) values (tenant, me, p_request_key)
    on conflict do nothing;
    if not found then
      select r.plan_event_ids into earlier from app_private.plan_event_create_requests r
       where r.tenant_id = tenant and r.user_id = me and r.request_key = p_request_key;
      return query select pe.* from public.plan_events pe where pe.tenant_id = tenant and pe.id = any (earlier) order by pe.date;
      return;
    end if;
  end if;
  if coalesce(cardinality(p_dates), 0) = 0 then
    raise exception 'Choose at least one date' using errcode = 'P0001', hint = 'date';
  end if;
  if not exists (select 1 from public.cars c where c.tenant_id = tenant and c.id = p_car_id and c.depo_id = p_depo_id
                   and c.status = 'active' and c.deleted_at is null) then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.routes r where r.tenant_id = tenant and r.id = p_route_id and r.depo_id = p_depo_id and r.deleted_at is null) then
    raise exception 'is not a route of this depo' using errcode = 'P0001', hint = 'route_id';
  end if;
  if not exists (select 1 from public.tenant_memberships m where m.tenant_id = tenant and m.user_id = p_user_id and m.status = 'active') then
    raise exception 'is not an active user' using errcode = 'P0001', hint = 'user_id';
  end if;

  if p_recurrence_interval is not null then
    if p_recurrence_interval < 1 or p_series_end is null or p_series_end < (select min(d) from unnest(p_dates) d) then
      raise exception 'Invalid!' using errcode = 'P0001', hint = 'recurrence';
    end if;
    select array_agg(distinct x.day order by x.day) into all_dates
      from unnest(p_dates) d(day)
      cross join lateral (select g::date as day from generate_series(d.day, p_series_end, make_interval(days => p_recurrence_interval)) g) x;
  else
    select array_agg(distinct d order by d) into all_dates from unnest(p_dates) d;
  end if;
  if cardinality(all_dates) > 400 then
    raise exception 'A request may create at most 400 plan events' using errcode = 'P0001';
  end if;

  span := app_private.route_day_span(tenant, p_route_id);
  perform app_private.refuse_plan_event_conflicts(tenant, p_route_id, p_user_id, p_car_id, all_dates, span, null);

  if p_recurrence_interval is not null then
    insert into public.plan_event_series (tenant_id, depo_id, start_date, end_date, recurrence_interval)
    values (tenant, p_depo_id, all_dates[1], p_series_end, p_recurrence_interval) returning id into series;
  end if;

  begin
    with inserted as (
      insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, series_id, day_span)
      select tenant, p_depo_id, d, p_route_id, p_user_id, p_car_id, series, span from unnest(all_dates) d
      returning plan_events.id
    )
    select array_agg(i.id) into made from inserted i;
  exception when unique_violation then
    -- Another request planned the same route or driver between the check and the insert.
    raise exception 'The route or driver was just planned on one of these dates by someone else' using errcode = 'P0001';
  end;
  perform app_private.copy_route_stops_to_plan_event(tenant, x) from unnest(made) x;

  if p_request_key is not null then
    update app_private.plan_event_create_requests r set plan_event_ids = made
     where r.tenant_id = tenant and r.user_id = me and r.request_key = p_request_key;
  end if;
  return query select pe.* from public.plan_events pe where pe.tenant_id = tenant and pe.id = any (made) order by pe.date;
end;
$$;
comment on function public.create_plan_events(bigint, bigint, bigint, uuid, date[], integer, date, uuid) is
  'Admins and depo admins plan a route and driver on a car of their depo for dates (recurring: one series), all or none.';

-- Changes the route and driver of a plan event (its stops follow the new route while it has not started).
create function public.update_plan_event_assignment(p_plan_event_id bigint, p_route_id bigint, p_user_id uuid)
returns public.plan_events
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(p_plan_event_id);
  changed public.plan_events;
begin
  if not exists (select 1 from public.routes r where r.tenant_id = pe.tenant_id and r.id = p_route_id and r.depo_id = pe.depo_id and r.deleted_at is null) then
    raise exception 'is not a route of this depo' using errcode = 'P0001', hint = 'route_id';
  end if;
  if not exists (select 1 from public.tenant_memberships m where m.tenant_id = pe.tenant_id and m.user_id = p_user_id and m.status = 'active') then
    raise exception 'is not an active user' using errcode = 'P0001', hint = 'user_id';
  end if;
  if p_route_id <> pe.route_id and pe.started_at is not null then
    raise exception 'The route of a started plan event cannot be changed' using errcode = 'P0001', hint = 'route_id';
  end if;
  perform app_private.refuse_plan_event_conflicts(pe.tenant_id, p_route_id, p_user_id, pe.car_id, array[pe.date],
                                                  case when p_route_id = pe.route_id then pe.day_span else app_private.route_day_span(pe.tenant_id, p_route_id) end,
                                                  pe.id);
  begin
    update public.plan_events x
       set route_id = p_route_id, user_id = p_user_id,
           day_span = case when p_route_id = pe.route_id then x.day_span else app_private.route_day_span(pe.tenant_id, p_route_id) end
     where x.tenant_id = pe.tenant_id and x.id = pe.id
    returning x.* into changed;
  exception when unique_violation then
    raise exception 'The route or driver was just planned on this date by someone else' using errcode = 'P0001';
  end;
  if p_route_id <> pe.route_id then
    perform app_private.copy_route_stops_to_plan_event(pe.tenant_id, pe.id);
  end if;
  return changed;
end;
$$;
comment on function public.update_plan_event_assignment(bigint, bigint, uuid) is 'Admins and depo admins change the route and driver of a plan event.';

-- Changes when a plan event starts (hour 0–23, minute 0–59).
create function public.update_plan_event_start(p_plan_event_id bigint, p_hour integer, p_min integer)
returns public.plan_events
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(p_plan_event_id);
  changed public.plan_events;
begin
  if p_hour is null or p_hour not between 0 and 23 then
    raise exception 'must be between 0 and 23' using errcode = 'P0001', hint = 'start_at_hour';
  end if;
  if p_min is null or p_min not between 0 and 59 then
    raise exception 'must be between 0 and 59' using errcode = 'P0001', hint = 'start_at_min';
  end if;
  update public.plan_events x set start_at_hour = p_hour, start_at_min = p_min
   where x.tenant_id = pe.tenant_id and x.id = pe.id
  returning x.* into changed;
  return changed;
end;
$$;
comment on function public.update_plan_event_start(bigint, integer, integer) is 'Admins and depo admins change the start time of a plan event.';

-- Deletes one plan event; a started one is refused by the table's trigger ("You can't destory because, ...").
create function public.delete_plan_event(p_plan_event_id bigint) returns public.plan_events
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(p_plan_event_id);
begin
  delete from public.plan_events x where x.tenant_id = pe.tenant_id and x.id = pe.id;
  return pe;
end;
$$;
comment on function public.delete_plan_event(bigint) is 'Admins and depo admins delete a plan event that has not started.';

-- Deletes the series of a plan event: every event of it that can still be deleted (not started); started ones
-- stay. Refused, like the spec's button, when the event itself has started.
create function public.delete_plan_event_series(p_plan_event_id bigint) returns setof public.plan_events
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(p_plan_event_id);
begin
  if pe.series_id is null then
    raise exception 'This plan event is not part of a series' using errcode = 'P0001';
  end if;
  if pe.started_at is not null then
    raise exception 'You can''t destory because, plan event has already started' using errcode = 'P0001';
  end if;
  return query
  with gone as (
    delete from public.plan_events x
     where x.tenant_id = pe.tenant_id and x.series_id = pe.series_id and x.started_at is null
    returning x.*
  )
  select g.* from gone g order by g.date;
end;
$$;
comment on function public.delete_plan_event_series(bigint) is 'Admins and depo admins delete the not-started plan events of a series.';

-- Deletes a car's plan events of this depo within a date range (both days included), except started ones, and
-- answers the deleted list (the calendar says 'All plan events (N) for car {number} within interval ...').
create function public.delete_plan_events_in_range(p_car_id bigint, p_start_date date, p_end_date date)
returns table (id bigint, date date, route_name text, car_internal_number text)
language plpgsql security definer set search_path = '' as $$
declare
  car public.cars;
begin
  select c.* into car from public.cars c
   where c.id = p_car_id and c.tenant_id = any (app_private.current_user_tenant_ids())
     and c.depo_id = any (app_private.readable_depo_ids());
  if car.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  perform app_private.calendar_depo_in_reach(car.depo_id, app_private.calendar_writers());
  if p_start_date is null or p_end_date is null then
    raise exception 'Start date and end date are required' using errcode = 'P0001';
  end if;
  if p_end_date < p_start_date then
    raise exception 'The end date must not be before the start date' using errcode = 'P0001';
  end if;
  return query
  with gone as (
    delete from public.plan_events x
     where x.tenant_id = car.tenant_id and x.car_id = car.id and x.depo_id = car.depo_id
       and x.date between p_start_date and p_end_date and x.started_at is null
    returning x.id, x.date, x.route_id
  )
  select g.id, g.date, r.name, car.internal_number
    from gone g join public.routes r on r.tenant_id = car.tenant_id and r.id = g.route_id
   order by g.date;
end;
$$;
comment on function public.delete_plan_events_in_range(bigint, date, date) is
  'Admins and depo admins delete a car''s not-started plan events within a date range; answers the deleted ones.';

revoke execute on function
  app_private.calendar_readers(), app_private.calendar_writers(), app_private.calendar_depo_in_reach(bigint, public.app_role[]),
  app_private.plan_event_in_reach(bigint), app_private.calendar_date_text(date),
  app_private.refuse_plan_event_conflicts(uuid, bigint, uuid, bigint, date[], integer, bigint),
  app_private.route_day_span(uuid, bigint), app_private.copy_route_stops_to_plan_event(uuid, bigint),
  app_private.prune_plan_event_create_requests(), app_private.refuse_non_monday(date)
  from public;
grant execute on function
  public.plan_event_calendar_cars(bigint, date), public.plan_event_calendar_events(bigint, date),
  public.plan_event_calendar_days(bigint, date), public.plan_event_calendar_choices(bigint, date, bigint),
  public.create_plan_events(bigint, bigint, bigint, uuid, date[], integer, date, uuid),
  public.update_plan_event_assignment(bigint, bigint, uuid), public.update_plan_event_start(bigint, integer, integer),
  public.delete_plan_event(bigint), public.delete_plan_event_series(bigint),
  public.delete_plan_events_in_range(bigint, date, date)
  to authenticated;
revoke execute on function
  public.plan_event_calendar_cars(bigint, date), public.plan_event_calendar_events(bigint, date),
  public.plan_event_calendar_days(bigint, date), public.plan_event_calendar_choices(bigint, date, bigint),
  public.create_plan_events(bigint, bigint, bigint, uuid, date[], integer, date, uuid),
  public.update_plan_event_assignment(bigint, bigint, uuid), public.update_plan_event_start(bigint, integer, integer),
  public.delete_plan_event(bigint), public.delete_plan_event_series(bigint),
  public.delete_plan_events_in_range(bigint, date, date)
  from anon, public;
