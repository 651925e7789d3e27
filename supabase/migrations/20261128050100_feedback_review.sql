-- Customer feedback review (delivery-operations §2 "Feedback", §4 "Feedback", §7): managers comment and approve.
--   * Approved feedback is read-only for clients (no change, no delete); pending moves only to approved.
--   * A client changes only the manager comment and the status; what the customer wrote stays as written.
--   * A negative feedback is approved only with a manager comment ('Manager comment ...' is the sentence the
--     screen turns into the spec's dialog; the table's check stays as the last line).
--   * Who handled it and when come from the database (handled_by = auth.uid()).
--   * feedback_list: the rows of the list with route, driver and stop times (security invoker: RLS decides).
--   * Changes reach every open list live (depo:<id>:feedbacks).

create function app_private.guard_feedback_review() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not app_private.is_client_role() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if old.status = 'approved' then
    raise exception 'Approved feedback is read-only' using errcode = '42501';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  -- Keys are keys_are_fixed's to refuse (with its sentence); the rest of what the customer sent stays.
  if (to_jsonb(new) - '{manager_comment,status,handled_by,handled_by_at,tenant_id,depo_id}'::text[])
     is distinct from (to_jsonb(old) - '{manager_comment,status,handled_by,handled_by_at,tenant_id,depo_id}'::text[]) then
    raise exception 'Only the manager comment and the status of a feedback can be changed' using errcode = '42501';
  end if;
  new.manager_comment := nullif(trim(new.manager_comment), '');
  if new.status = 'approved' and not new.positive and new.manager_comment is null then
    raise exception 'Manager comment should be filled' using errcode = '23514', column = 'manager_comment';
  end if;
  new.handled_by := auth.uid();
  new.handled_by_at := now();
  return new;
end;
$$;
comment on function app_private.guard_feedback_review() is
  'Row trigger: approved feedback is read-only for clients, only the manager comment and status change, a negative one needs a comment to be approved, handled_by is the writer.';
revoke execute on function app_private.guard_feedback_review() from public;
-- Named to run after done_by_from_auth_uid (triggers fire by name), so the handler is always the writer.
create trigger feedback_review_rules before update or delete on public.feedbacks
  for each row execute function app_private.guard_feedback_review();

-- A staff member's name for lists of their tenant (a support member reads no other membership, so the profile
-- policy alone would hide the driver's and the handler's names); nothing for a tenant the caller is not in.
create function app_private.staff_full_name(p_tenant_id uuid, p_user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select nullif(trim(p.first_name || ' ' || p.last_name), '')
  from public.staff_profiles p
  join public.tenant_memberships m on m.user_id = p.user_id and m.tenant_id = p_tenant_id
  where p.user_id = p_user_id and p_tenant_id = any (app_private.current_user_tenant_ids());
$$;
revoke execute on function app_private.staff_full_name(uuid, uuid) from public;
grant execute on function app_private.staff_full_name(uuid, uuid) to authenticated;

-- One row per feedback as the list shows it.
create view public.feedback_list with (security_invoker = true) as
select f.tenant_id, f.id, f.depo_id, f.created_at, f.positive, f.comment, f.customer_phone_number, f.manager_comment,
       f.status, f.handled_by, f.handled_by_at,
       app_private.staff_full_name(f.tenant_id, f.handled_by) as handled_by_full_name,
       r.id as route_id, r.name as route_name,
       pe.user_id as driver_id, app_private.staff_full_name(f.tenant_id, pe.user_id) as driver_name,
       s.original_google_estimate_time as planned_arrival_time, s.actual_arrival_time,
       extract(epoch from s.stop_duration)::integer as stop_duration_seconds
from public.feedbacks f
left join public.plan_event_route_points s on s.tenant_id = f.tenant_id and s.id = f.plan_event_route_point_id
left join public.plan_events pe on pe.tenant_id = s.tenant_id and pe.id = s.plan_event_id
left join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id;
comment on view public.feedback_list is 'Feedback rows with route, driver and stop times; read with the caller''s rights (security invoker).';
revoke all on public.feedback_list from anon, public;
grant select on public.feedback_list to authenticated;

select app_private.broadcast_changes_of('public.feedbacks');
