-- A member whose access shrinks (membership deactivated or removed, role changed, depo assignments changed)
-- must stop receiving private-channel messages at once, not when their token expires. Realtime evaluates
-- channel access through RLS on realtime.messages, which reads these tables; this tells it whose access to
-- evaluate again. The local stack's Realtime listens on `realtime_access_changed`; hosted Realtime does not
-- listen, and re-checks access when the client sends a new token.

create function app_private.notify_realtime_access_changed() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Delivered at commit; identical payloads within one transaction are sent once.
  perform pg_notify('realtime_access_changed', json_build_object('user_id', old.user_id)::text);
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    perform pg_notify('realtime_access_changed', json_build_object('user_id', new.user_id)::text);
  end if;
  return null;
end;
$$;
revoke execute on function app_private.notify_realtime_access_changed() from public;
comment on function app_private.notify_realtime_access_changed() is
  'Tells Realtime that a member''s access changed, so their joined private channels are re-authorised.';

-- Only changes that can take access away: an insert only ever grants.
create trigger tenant_memberships_notify_realtime
  after update of status, role, tenant_id, user_id or delete on public.tenant_memberships
  for each row execute function app_private.notify_realtime_access_changed();

create trigger membership_depos_notify_realtime
  after update or delete on public.membership_depos
  for each row execute function app_private.notify_realtime_access_changed();
