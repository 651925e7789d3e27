-- The calendar as a live board: every change to a depo's plan events is announced on the private topic
-- `depo:<depo id>:plan_event_calendar` (event 'plan_events_changed', payload `{ dates: [...] }`, the first days of
-- the events touched), once per depo per statement, so a series of 30 events is one message. Open calendars
-- reload the weeks those dates touch. Presence on the same topic says who looks at which week and edits which cell.
-- The trip engine updates plan events often (started, car not moving, trail); those changes are not the
-- calendar's business, so an update is announced only when a column a calendar cell shows changed.

-- Sends one message per depo for a set of (depo, date) pairs.
create function app_private.send_plan_event_calendar_changes(p_depo_ids bigint[], p_dates date[]) returns void
language sql security definer set search_path = '' as $$
  select realtime.send(jsonb_build_object('dates', to_jsonb(array_agg(distinct c.date order by c.date))), 'plan_events_changed',
                       format('depo:%s:plan_event_calendar', c.depo_id), true)
    from unnest(p_depo_ids, p_dates) c(depo_id, date)
   group by c.depo_id;
$$;

-- Transition tables need one trigger (and, since a function may only name the tables its trigger has, one
-- function) per operation.
create function app_private.announce_plan_event_inserts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.send_plan_event_calendar_changes(array_agg(n.depo_id), array_agg(n.date)) from new_rows n having count(*) > 0;
  return null;
end;
$$;

create function app_private.announce_plan_event_deletes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.send_plan_event_calendar_changes(array_agg(o.depo_id), array_agg(o.date)) from old_rows o having count(*) > 0;
  return null;
end;
$$;

create function app_private.announce_plan_event_updates() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.send_plan_event_calendar_changes(array_agg(c.depo_id), array_agg(c.date))
    from (
      select v.depo_id, v.date
        from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
        -- Both the old and the new place of the event: a moved event leaves one cell and fills another.
        cross join lateral (values (o.depo_id, o.date), (n.depo_id, n.date)) v(depo_id, date)
       -- Started matters too: a started event can no longer be deleted.
       where (n.date, n.day_span, n.route_id, n.user_id, n.car_id, n.depo_id, n.series_id, n.start_at_hour, n.start_at_min, n.started_at is null)
             is distinct from (o.date, o.day_span, o.route_id, o.user_id, o.car_id, o.depo_id, o.series_id, o.start_at_hour, o.start_at_min, o.started_at is null)
    ) c
  having count(*) > 0;
  return null;
end;
$$;

create trigger announce_calendar_inserts after insert on public.plan_events
  referencing new table as new_rows for each statement execute function app_private.announce_plan_event_inserts();
create trigger announce_calendar_deletes after delete on public.plan_events
  referencing old table as old_rows for each statement execute function app_private.announce_plan_event_deletes();
create trigger announce_calendar_updates after update on public.plan_events
  referencing old table as old_rows new table as new_rows for each statement execute function app_private.announce_plan_event_updates();

revoke execute on function app_private.send_plan_event_calendar_changes(bigint[], date[]), app_private.announce_plan_event_inserts(),
  app_private.announce_plan_event_deletes(), app_private.announce_plan_event_updates() from public;
