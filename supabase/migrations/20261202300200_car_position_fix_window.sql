-- A GPS fix is about now (issue 24, item 8). A fix dated 2099 stayed the car's latest location on every map, since
-- each real fix after it was "older". Clients no longer write car_positions at all (20261202300000); should a
-- grant ever come back, a client's fix must still be recent: not more than 2 minutes ahead of the database's
-- clock, not more than 24 hours old. The GPS sync (service role, the only writer) drops fixes outside the same
-- window before it writes (edge-functions/gps-sync/fix-window.ts); the owner and the service role keep writing
-- any time, for seeds, restores and the tests that replay whole days.
create function app_private.car_position_fix_window() returns interval[]
language sql immutable set search_path = '' as $$ select array[interval '24 hours', interval '2 minutes'] $$;
comment on function app_private.car_position_fix_window() is
  'How old and how far ahead of now a GPS fix may be: {max age, max lead}; the GPS sync uses the same window.';
revoke execute on function app_private.car_position_fix_window() from public;

create function app_private.refuse_client_fixes_out_of_window() returns trigger
language plpgsql set search_path = '' as $$
declare
  bounds interval[];
begin
  if not app_private.is_client_role() then
    return new;
  end if;
  bounds := app_private.car_position_fix_window();
  if new.recorded_at > now() + bounds[2] or new.recorded_at < now() - bounds[1] then
    raise exception 'recorded_at must be within the last 24 hours and not in the future'
      using errcode = '23514', hint = 'recorded_at';
  end if;
  return new;
end;
$$;
revoke execute on function app_private.refuse_client_fixes_out_of_window() from public;
grant execute on function app_private.car_position_fix_window() to authenticated, anon;
comment on function app_private.refuse_client_fixes_out_of_window() is
  'Refuses a client''s GPS fix dated more than 2 minutes ahead or more than 24 hours back (23514).';

create trigger client_fixes_are_recent before insert on public.car_positions
  for each row execute function app_private.refuse_client_fixes_out_of_window();
