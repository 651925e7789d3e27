-- Sign-in lockout per account AND source. Counting failures per account alone let anyone who knows a staff
-- e-mail lock that person out everywhere with five wrong passwords (and sign them out of every device). Now
-- failures count per (account, source IP): after 5 the account is locked for that source for an hour, while
-- the owner signing in from elsewhere is unaffected. A lock never ends existing sessions. The spec's texts stay.

create table app_private.sign_in_failures_by_source (
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The caller's IP as Auth reports it in the hook's metadata (ip_address); 'unknown' when Auth has none.
  source text not null,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  locked_at timestamptz,
  primary key (user_id, source)
);
comment on table app_private.sign_in_failures_by_source is
  'Failed password attempts per account and source since the last success there; 5 lock the account for that source for an hour.';

drop table app_private.sign_in_failures;

create or replace function public.password_verification_attempt_hook(event jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (event ->> 'user_id')::uuid;
  valid boolean := (event ->> 'valid')::boolean;
  src text := coalesce(nullif(event -> 'metadata' ->> 'ip_address', ''), 'unknown');
  failures app_private.sign_in_failures_by_source;
  max_attempts constant integer := 5;
begin
  select * into failures from app_private.sign_in_failures_by_source f
   where f.user_id = uid and f.source = src for update;
  -- A lock lasts an hour; after that the source starts afresh.
  if failures.locked_at is not null and failures.locked_at > now() - interval '1 hour' then
    return jsonb_build_object('decision', 'reject', 'message', 'Your account is locked.');
  end if;
  if valid then
    delete from app_private.sign_in_failures_by_source f where f.user_id = uid and f.source = src;
    return jsonb_build_object('decision', 'continue');
  end if;
  insert into app_private.sign_in_failures_by_source as f (user_id, source, failed_attempts, locked_at)
  values (uid, src, 1, null)
  on conflict (user_id, source) do update
    set failed_attempts = case when f.locked_at is not null then 1 else f.failed_attempts + 1 end, locked_at = null
  returning * into failures;
  if failures.failed_attempts >= max_attempts then
    update app_private.sign_in_failures_by_source f set locked_at = now() where f.user_id = uid and f.source = src;
    return jsonb_build_object('decision', 'reject', 'message', 'Your account is locked.');
  elsif failures.failed_attempts = max_attempts - 1 then
    return jsonb_build_object('decision', 'reject', 'message', 'You have one more attempt before your account is locked.');
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;
