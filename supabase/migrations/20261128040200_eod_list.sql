-- The EOD list (delivery-operations §2): one page (25) of a depo's reports for a tab, with the names the rows show.
-- Runs as the caller, so row-level security decides what is listed. The date filter is the trip's date (the
-- opening day in the tenant's time zone for an unmapped report); the end is the start when earlier.
create function public.end_of_day_report_list(p_depo_id bigint, p_tab text, p_start date, p_end date, p_car_ids bigint[] default null,
                                              p_page integer default 1)
returns table (
  id bigint,
  status public.eod_status,
  plan_event_id bigint,
  plan_event_date date,
  route_name text,
  car_id bigint,
  car_internal_number text,
  user_id uuid,
  driver_name text,
  driver_has_wallmob_user boolean,
  approved_by_name text,
  stock_transfer_id bigint,
  cash_register_name text,
  start_at timestamptz,
  end_at timestamptz,
  final_total numeric
)
language sql stable security invoker set search_path = '' as $$
  select e.id, e.status, e.plan_event_id, pe.date, r.name, e.car_id, c.internal_number, e.user_id,
         nullif(trim(sp.first_name || ' ' || sp.last_name), ''),
         coalesce(m.wallmob_id, '') <> '',
         nullif(trim(ap.first_name || ' ' || ap.last_name), ''),
         e.stock_transfer_id, cr.name, e.start_at, e.end_at, e.final_total
    from public.end_of_day_reports e
    join public.tenants t on t.id = e.tenant_id
    left join public.plan_events pe on pe.tenant_id = e.tenant_id and pe.id = e.plan_event_id
    left join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    left join public.cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
    left join public.cash_registers cr on cr.tenant_id = e.tenant_id and cr.id = e.cash_register_id
    left join public.staff_profiles sp on sp.user_id = e.user_id
    left join public.tenant_memberships m on m.tenant_id = e.tenant_id and m.user_id = e.user_id
    left join public.staff_profiles ap on ap.user_id = e.processed_by
   where e.depo_id = p_depo_id
     and case p_tab
           when 'unapproved' then e.plan_event_id is not null and not e.is_approved
           when 'approved' then e.is_approved
           when 'unmapped' then e.plan_event_id is null and not e.is_approved
           else false
         end
     and coalesce(pe.date, (e.start_at at time zone t.time_zone)::date) between p_start and greatest(p_start, p_end)
     and (p_car_ids is null or cardinality(p_car_ids) = 0 or e.car_id = any (p_car_ids))
   order by coalesce(pe.date, (e.start_at at time zone t.time_zone)::date) desc, e.id desc
   limit 25 offset 25 * (greatest(coalesce(p_page, 1), 1) - 1);
$$;
comment on function public.end_of_day_report_list(bigint, text, date, date, bigint[], integer) is
  'One page (25) of a depo''s EOD reports on a tab (unapproved, approved, unmapped) between two dates, with route, car, driver and approver names.';
revoke execute on function public.end_of_day_report_list(bigint, text, date, date, bigint[], integer) from public, anon;
grant execute on function public.end_of_day_report_list(bigint, text, date, date, bigint[], integer) to authenticated;

-- The users the EOD dialogs offer (Approve EOD of an unmapped report): active members working in the depo, by name.
create function public.eod_user_options(p_depo_id bigint) returns table (id uuid, full_name text)
language sql stable security definer set search_path = '' as $$
  select m.user_id, coalesce(nullif(trim(sp.first_name || ' ' || sp.last_name), ''), sp.email)
    from public.depos d
    join public.tenant_memberships m on m.tenant_id = d.tenant_id and m.status = 'active'
    join public.staff_profiles sp on sp.user_id = m.user_id
   where d.id = p_depo_id
     and d.id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
     and (m.role = 'admin' or exists (select 1 from public.membership_depos md where md.tenant_id = m.tenant_id and md.user_id = m.user_id and md.depo_id = d.id))
   order by 2;
$$;
revoke execute on function public.eod_user_options(bigint) from public, anon;
grant execute on function public.eod_user_options(bigint) to authenticated;

-- The EOD detail's title parts: plan event date, route name, car internal number and driver full name. As the
-- caller (row-level security); no row for a report the caller may not read.
create function public.end_of_day_report_header(p_report_id bigint)
returns table (id bigint, plan_event_date date, route_name text, car_internal_number text, driver_name text)
language sql stable security invoker set search_path = '' as $$
  select e.id, pe.date, r.name, c.internal_number, nullif(trim(sp.first_name || ' ' || sp.last_name), '')
    from public.end_of_day_reports e
    left join public.plan_events pe on pe.tenant_id = e.tenant_id and pe.id = e.plan_event_id
    left join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    left join public.cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
    left join public.staff_profiles sp on sp.user_id = e.user_id
   where e.id = p_report_id;
$$;
revoke execute on function public.end_of_day_report_header(bigint) from public, anon;
grant execute on function public.end_of_day_report_header(bigint) to authenticated;
