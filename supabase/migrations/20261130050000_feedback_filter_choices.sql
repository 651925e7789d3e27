-- The feedback screen's Drivers and Routes filters ("GET feedback drivers and feedback routes" of the spec).
-- The screen derived them from the first 1,000 rows of feedback_list, which cut off the drivers and routes of a depo
-- with more feedback (the values people look for) and computed a driver's name for every row (162 ms p50 at scale
-- 0.1). This answers each distinct driver and route of the depo's feedback once. Security invoker: the rows are
-- what the caller's policies on feedbacks, stops, plan events and routes let through, exactly as the list's view
-- (the depo's tenant leads the feedbacks' index).
create function public.feedback_filter_choices(p_depo_id bigint)
returns table (kind text, id text, name text)
language sql
stable
security invoker
set search_path = ''
as $$
  with trips as (
    select distinct pe.tenant_id, pe.user_id, pe.route_id
      from public.depos dp
      join public.feedbacks f on f.tenant_id = dp.tenant_id and f.depo_id = dp.id
      join public.plan_event_route_points s on s.tenant_id = f.tenant_id and s.id = f.plan_event_route_point_id
      join public.plan_events pe on pe.tenant_id = s.tenant_id and pe.id = s.plan_event_id
     where dp.id = p_depo_id
  )
  select 'driver', d.user_id::text, coalesce(app_private.staff_full_name(d.tenant_id, d.user_id), d.user_id::text)
    from (select distinct t.tenant_id, t.user_id from trips t where t.user_id is not null) d
  union all
  select 'route', x.route_id::text, coalesce(r.name, x.route_id::text)
    from (select distinct t.tenant_id, t.route_id from trips t where t.route_id is not null) x
    left join public.routes r on r.tenant_id = x.tenant_id and r.id = x.route_id
$$;

comment on function public.feedback_filter_choices(bigint) is
  'The distinct drivers and routes of a depo''s feedback (the feedback screen''s filters), with the caller''s rights.';
revoke execute on function public.feedback_filter_choices(bigint) from public, anon;
grant execute on function public.feedback_filter_choices(bigint) to authenticated;
