-- Sign-in answers that do not tell which e-mail addresses have accounts (hardening issue 7, section 5).
--
-- Until now the Password Verification Attempt hook answered a real account's 4th and 5th wrong password with
-- the spec's warning and lock texts through /token, while an unknown address always got "Invalid login
-- credentials": four attempts told anyone whether an address works here. Auth (hosted GoTrue and the local
-- stand-in) never calls the hook for an unknown address, so the hook cannot fake a count for it.
--
-- Now:
-- * The hook still counts failures and enforces the lock per (account, source), but /token never shows it: a
--   failure is answered by Auth's own "Invalid login credentials", and a locked account with the right
--   password is rejected with exactly that text under the same code and status.
-- * The warning and lock notices come from public.sign_in_failure_notice(email), which the sign-in page calls
--   after each failed sign-in. It counts per (normalised e-mail, source) for every address, known or not, with
--   the same rules, and never reads auth.users, so its answers (and their timing) are the same for all.
-- * A successful sign-in clears both counts for that source (the hook knows the account's e-mail).
-- * Both counts follow one rule (below): 5 failures lock for an hour; failures an hour old with none since are
--   forgotten, so a row older than an hour means nothing and is pruned every 10 minutes.

-- The one rule both counters follow --------------------------------------------------------------------------

create function app_private.sign_in_lock_active(locked_at timestamptz) returns boolean
language sql stable set search_path = '' as $$
  select locked_at is not null and locked_at > now() - interval '1 hour';
$$;
comment on function app_private.sign_in_lock_active(timestamptz) is
  'Whether a sign-in lock set at locked_at still holds: a lock lasts one hour.';

create function app_private.sign_in_failure_after(
  failed_attempts integer, last_failed_at timestamptz, locked_at timestamptz,
  out next_attempts integer, out next_last_failed_at timestamptz, out next_locked_at timestamptz
)
language sql stable set search_path = '' as $$
  select case when app_private.sign_in_lock_active(locked_at) then failed_attempts
              when locked_at is not null or last_failed_at is null or last_failed_at <= now() - interval '1 hour' then 1
              else failed_attempts + 1 end,
         case when app_private.sign_in_lock_active(locked_at) then last_failed_at else now() end,
         case when app_private.sign_in_lock_active(locked_at) then locked_at
              when locked_at is null and last_failed_at > now() - interval '1 hour' and failed_attempts + 1 >= 5 then now()
              else null end;
$$;
comment on function app_private.sign_in_failure_after(integer, timestamptz, timestamptz) is
  'The count after one more failed sign-in: unchanged while locked; afresh after a lock or an hour without failures; the 5th locks.';

-- The notices' count: every address alike -------------------------------------------------------------------

create table app_private.sign_in_notice_failures (
  -- lower(btrim(e-mail)) as typed; no link to auth.users, so an unknown address is counted alike.
  email text not null check (length(email) between 1 and 320),
  -- The caller's IP as the API gateway forwards it (the first X-Forwarded-For entry, as Auth reads it).
  source text not null,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  last_failed_at timestamptz,
  locked_at timestamptz,
  primary key (email, source)
);
comment on table app_private.sign_in_notice_failures is
  'Failed sign-ins the sign-in page reported, per e-mail address and source: drives the warning and lock notices only.';

-- The hook: counts and locks, reveals nothing ------------------------------------------------------------------

-- Counts already there are taken as fresh.
alter table app_private.sign_in_failures_by_source add column last_failed_at timestamptz default now();
alter table app_private.sign_in_failures_by_source alter column last_failed_at drop default;
comment on column app_private.sign_in_failures_by_source.last_failed_at is
  'When the latest failure was counted; an hour later with none since, the count starts afresh.';

create or replace function public.password_verification_attempt_hook(event jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (event ->> 'user_id')::uuid;
  valid boolean := (event ->> 'valid')::boolean;
  src text := coalesce(nullif(event -> 'metadata' ->> 'ip_address', ''), 'unknown');
  failures app_private.sign_in_failures_by_source;
  after_failure record;
begin
  if valid then
    select * into failures from app_private.sign_in_failures_by_source f
     where f.user_id = uid and f.source = src for update;
    if app_private.sign_in_lock_active(failures.locked_at) then
      -- Auth's own text for a wrong password, so a lock does not show that the account exists.
      return jsonb_build_object('decision', 'reject', 'message', 'Invalid login credentials');
    end if;
    delete from app_private.sign_in_failures_by_source f where f.user_id = uid and f.source = src;
    delete from app_private.sign_in_notice_failures n
     where n.source = src and n.email = (select lower(u.email) from auth.users u where u.id = uid);
    return jsonb_build_object('decision', 'continue');
  end if;

  insert into app_private.sign_in_failures_by_source as f (user_id, source, failed_attempts, last_failed_at)
  values (uid, src, 0, null) on conflict (user_id, source) do nothing;
  select * into failures from app_private.sign_in_failures_by_source f
   where f.user_id = uid and f.source = src for update;
  after_failure := app_private.sign_in_failure_after(failures.failed_attempts, failures.last_failed_at, failures.locked_at);
  update app_private.sign_in_failures_by_source f
     set failed_attempts = after_failure.next_attempts, last_failed_at = after_failure.next_last_failed_at, locked_at = after_failure.next_locked_at
   where f.user_id = uid and f.source = src;
  -- A wrong password: Auth answers "Invalid login credentials" itself. Sessions are never ended here.
  return jsonb_build_object('decision', 'continue');
end;
$$;

-- The notices: the same answers for every address -------------------------------------------------------------

-- The caller's IP as PostgREST hears it from the gateway; 'unknown' like the hook when there is none.
create function app_private.request_source_ip() returns text
language plpgsql stable set search_path = '' as $$
declare
  first_hop text := btrim(split_part(current_setting('request.headers', true)::json ->> 'x-forwarded-for', ',', 1));
begin
  if first_hop is null or first_hop = '' or strpos(first_hop, '/') > 0 or not pg_input_is_valid(first_hop, 'inet') then
    return 'unknown';
  end if;
  return first_hop;
end;
$$;
comment on function app_private.request_source_ip() is
  'The caller''s IP: the first X-Forwarded-For entry of the API request (what Auth passes to its hooks), else unknown.';

create function public.sign_in_failure_notice(email text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  addr text := lower(btrim(sign_in_failure_notice.email));
  src text := app_private.request_source_ip();
  failures app_private.sign_in_notice_failures;
  after_failure record;
begin
  if addr is null or addr = '' then
    raise exception 'an e-mail address is required' using errcode = '22023';
  end if;
  if length(addr) > 320 then
    raise exception 'an e-mail address has at most 320 characters' using errcode = '22001';
  end if;
  insert into app_private.sign_in_notice_failures as f (email, source, failed_attempts, last_failed_at)
  values (addr, src, 0, null) on conflict on constraint sign_in_notice_failures_pkey do nothing;
  select * into failures from app_private.sign_in_notice_failures f
   where f.email = addr and f.source = src for update;
  after_failure := app_private.sign_in_failure_after(failures.failed_attempts, failures.last_failed_at, failures.locked_at);
  update app_private.sign_in_notice_failures f
     set failed_attempts = after_failure.next_attempts, last_failed_at = after_failure.next_last_failed_at, locked_at = after_failure.next_locked_at
   where f.email = addr and f.source = src;
  if app_private.sign_in_lock_active(after_failure.next_locked_at) then
    return 'locked';
  elsif after_failure.next_attempts = 4 then
    return 'last_attempt';
  end if;
  return null;
end;
$$;
comment on function public.sign_in_failure_notice(text) is
  'Counts one failed sign-in for an e-mail address from the caller''s IP; returns locked, last_attempt or null. Same for every address.';
revoke execute on function public.sign_in_failure_notice(text) from public;
grant execute on function public.sign_in_failure_notice(text) to anon, authenticated, service_role;

-- Forgetting: a count an hour past its last failure (and so past any lock) means nothing. -----------------------

create function app_private.prune_sign_in_failures() returns integer
language plpgsql set search_path = '' as $$
declare
  from_hook integer;
  from_notices integer;
begin
  delete from app_private.sign_in_failures_by_source f
   where coalesce(f.last_failed_at, '-infinity') <= now() - interval '1 hour'
     and not app_private.sign_in_lock_active(f.locked_at);
  get diagnostics from_hook = row_count;
  delete from app_private.sign_in_notice_failures n
   where coalesce(n.last_failed_at, '-infinity') <= now() - interval '1 hour'
     and not app_private.sign_in_lock_active(n.locked_at);
  get diagnostics from_notices = row_count;
  return from_hook + from_notices;
end;
$$;
comment on function app_private.prune_sign_in_failures() is
  'Deletes sign-in failure counts that no longer matter (an hour since the last failure, no lock holding); returns how many.';
revoke execute on function app_private.prune_sign_in_failures() from public;

select cron.schedule('prune-sign-in-failures', '*/10 * * * *', $$select app_private.prune_sign_in_failures()$$);
