-- The EOD list bounded by its date range (issue 15, `npm run bench -- scale`, "EOD list, approved"). The list's
-- date is the plan event's date, or the report's start day in the tenant's time zone when it has no plan event;
-- as one coalesce() no index served it, so the approved tab read the depo's whole approved history (about 4,000
-- reports a depo, growing every day) to keep the ~100 of the range. Now each kind of report is found by its own
-- index: reports with a plan event through the depo's plan events in the range (plan_events_calendar_idx, then
-- end_of_day_reports_plan_event_idx), reports without one by start_at (the index below). The start_at range is a
-- day wider on each side than the local days and the exact day is re-checked, so no report the old condition
-- kept can fall outside it (a time zone's offset is under a day). Same answers, same order, same rights (security
-- invoker: the tables' read policies); a report's plan event is always of its depo
-- (end_of_day_reports_plan_event_id_same_depo_fkey), so walking the depo's plan events misses none.
create index end_of_day_reports_unmapped_start_idx on public.end_of_day_reports (tenant_id, depo_id, start_at)
  where plan_event_id is null;

create or replace function public.end_of_day_report_list(
  p_depo_id bigint, p_tab text, p_start date, p_end date, p_car_ids bigint[] default null, p_page integer default 1
)
returns table (
  id bigint, status public.eod_status, plan_event_id bigint, plan_event_date date, route_name text, car_id bigint,
  car_internal_number text, user_id uuid, driver_name text, driver_has_wallmob_user boolean, approved_by_name text,
  stock_transfer_id bigint, cash_register_name text, start_at timestamptz, end_at timestamptz, final_total numeric
)
language sql stable set search_path = '' as $$
  with scope as (
    select d.tenant_id, t.time_zone, p_start as first_day, greatest(p_start, p_end) as last_day,
           -- Open-ended outside the years a timestamp holds (a date goes further), so no range errs.
           case when p_start between date '0001-01-02' and date '290000-01-01'
                then (p_start - 1)::timestamp at time zone t.time_zone else '-infinity'::timestamptz end as from_at,
           case when greatest(p_start, p_end) between date '0001-01-02' and date '290000-01-01'
                then (greatest(p_start, p_end) + 2)::timestamp at time zone t.time_zone else 'infinity'::timestamptz end as until_at
      from public.depos d
      join public.tenants t on t.id = d.tenant_id
     where d.id = p_depo_id
  ),
  listed as (
    select e.id, pe.date as day
      from scope s
      join public.plan_events pe on pe.tenant_id = s.tenant_id and pe.depo_id = p_depo_id
                                and pe.date between s.first_day and s.last_day
      join public.end_of_day_reports e on e.tenant_id = pe.tenant_id and e.plan_event_id = pe.id
     where e.depo_id = p_depo_id
       and case p_tab when 'unapproved' then not e.is_approved when 'approved' then e.is_approved else false end
       and (p_car_ids is null or cardinality(p_car_ids) = 0 or e.car_id = any (p_car_ids))
    union all
    select e.id, (e.start_at at time zone s.time_zone)::date
      from scope s
      join public.end_of_day_reports e on e.tenant_id = s.tenant_id and e.depo_id = p_depo_id and e.plan_event_id is null
     where e.start_at >= s.from_at and e.start_at < s.until_at
       and (e.start_at at time zone s.time_zone)::date between s.first_day and s.last_day
       and case p_tab when 'approved' then e.is_approved when 'unmapped' then not e.is_approved else false end
       and (p_car_ids is null or cardinality(p_car_ids) = 0 or e.car_id = any (p_car_ids))
  ),
  page as (
    select l.id, l.day from listed l
     order by l.day desc, l.id desc
     limit 25 offset 25 * (greatest(coalesce(p_page, 1), 1) - 1)
  )
  select e.id, e.status, e.plan_event_id, pe.date, r.name, e.car_id, c.internal_number, e.user_id,
         nullif(trim(sp.first_name || ' ' || sp.last_name), ''),
         coalesce(m.wallmob_id, '') <> '',
         nullif(trim(ap.first_name || ' ' || ap.last_name), ''),
         e.stock_transfer_id, cr.name, e.start_at, e.end_at, e.final_total
    from page
    join public.end_of_day_reports e on e.id = page.id
    left join public.plan_events pe on pe.tenant_id = e.tenant_id and pe.id = e.plan_event_id
    left join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    left join public.cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
    left join public.cash_registers cr on cr.tenant_id = e.tenant_id and cr.id = e.cash_register_id
    left join public.staff_profiles sp on sp.user_id = e.user_id
    left join public.tenant_memberships m on m.tenant_id = e.tenant_id and m.user_id = e.user_id
    left join public.staff_profiles ap on ap.user_id = e.processed_by
   order by page.day desc, page.id desc;
$$;
