-- The plan-event report is live for what other people do to the plan event: a conversion to a route or a Stop
-- SMS by one user shows on every open report of it. An update that changes the conversion or the SMS stop is
-- announced on the private topic `depo:<depo id>:plan_event_report:<plan event id>` (event 'plan_event_changed',
-- payload `{ id }`), which the depo's members may join (app_private.can_read_realtime_topic: the `depo:<id>:`
-- prefix). The trip engine's frequent updates (visits, trail) are not announced here: the open report follows
-- those through the truck's positions.

create function app_private.announce_plan_event_report_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.send(jsonb_build_object('id', n.id), 'plan_event_changed',
                        format('depo:%s:plan_event_report:%s', n.depo_id, n.id), true)
     from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
    where (n.converted_route_id, n.sms_stopped_at) is distinct from (o.converted_route_id, o.sms_stopped_at);
  return null;
end;
$$;
revoke execute on function app_private.announce_plan_event_report_changes() from public;

create trigger announce_report_updates after update on public.plan_events
  referencing old table as old_rows new table as new_rows for each statement execute function app_private.announce_plan_event_report_changes();
