-- The one public limiter for the public calls that are edge functions without an RPC of their own (issue 24,
-- items 7 and 12): the customers' address search (`geocode ?site=`), which costs a tenant on a paid geocoder
-- every call, and the password-recovery request, which must look alike for every address.
-- The function answers with the caller's IP (as the gateway reported it to the function) and a subject.

-- Address search: 100 searches per IP in 10 minutes (a person types a few letters per search; the page waits
-- 300 ms between keystrokes). Recovery: 30 per IP in 10 minutes and 3 per address an hour.
insert into app_private.public_rate_limits (action, per_ip, ip_window_seconds, per_subject, subject_window_seconds)
values ('address_search', 100, 600, null, null),
       ('password_recovery', 30, 600, 3, 3600);

create function public.take_public_call(action text, subject text, client_ip text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if action not in ('address_search', 'password_recovery') then
    raise exception 'no rate limit for action %', action;
  end if;
  perform app_private.enforce_public_rate_limit(action, subject, coalesce(nullif(btrim(client_ip), ''), 'unknown'));
end;
$$;
comment on function public.take_public_call(text, text, text) is
  'Counts one public edge-function call (address_search, password_recovery) per IP and subject with the public limiter; raises rate_limited (HTTP 429) over the limit. Service role only.';
revoke execute on function public.take_public_call(text, text, text) from public, anon, authenticated;
grant execute on function public.take_public_call(text, text, text) to service_role;
