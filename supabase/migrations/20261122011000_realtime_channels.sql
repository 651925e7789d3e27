-- Who may listen on which private Realtime channel. Screens get live updates by Broadcast from the database
-- on topics `tenant:<tenant uuid>:<area>` and `depo:<depo id>:<area>`; only the database sends on them,
-- while members may share Presence (who is looking at the same screen).

create function app_private.can_read_realtime_topic(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when topic ~ '^tenant:[0-9a-f-]{36}:' then
      split_part(topic, ':', 2)::uuid = any (app_private.current_user_tenant_ids())
    when topic ~ '^depo:[0-9]+:' then
      split_part(topic, ':', 2)::bigint = any (app_private.readable_depo_ids())
    else false
  end;
$$;
revoke execute on function app_private.can_read_realtime_topic(text) from public;
grant execute on function app_private.can_read_realtime_topic(text) to authenticated;

create policy "members can listen on their tenant and depo channels" on realtime.messages for select to authenticated
  using (extension in ('broadcast', 'presence') and (select app_private.can_read_realtime_topic((select realtime.topic()))));

create policy "members can share presence on their tenant and depo channels" on realtime.messages for insert to authenticated
  with check (extension = 'presence' and (select app_private.can_read_realtime_topic((select realtime.topic()))));
