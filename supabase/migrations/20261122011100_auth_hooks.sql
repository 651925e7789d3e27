-- Auth hooks (declared in supabase/config.toml). The Custom Access Token hook puts each user's tenant
-- memberships into the JWT; the Password Verification Attempt hook locks an account after 5 failed
-- attempts (hosted Supabase offers that hook on the Team and Enterprise plans only).

create table app_private.sign_in_failures (
  user_id uuid primary key references auth.users (id) on delete cascade,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  locked_at timestamptz
);
comment on table app_private.sign_in_failures is 'Failed password attempts since the last success; 5 lock the account for an hour.';

create function public.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (event ->> 'user_id')::uuid;
  claims jsonb := event -> 'claims';
  memberships jsonb;
  has_inactive boolean;
begin
  select coalesce(jsonb_agg(jsonb_build_object(
           'tenant_id', m.tenant_id,
           'tenant', t.slug,
           'role', m.role,
           'depo_ids', coalesce((select jsonb_agg(md.depo_id order by md.depo_id) from public.membership_depos md
                                 where md.tenant_id = m.tenant_id and md.user_id = m.user_id), '[]'::jsonb))
           order by t.slug) filter (where m.status = 'active'), '[]'::jsonb),
         bool_or(m.status = 'inactive')
    into memberships, has_inactive
    from public.tenant_memberships m
    join public.tenants t on t.id = m.tenant_id
   where m.user_id = uid;
  -- Staff whose every membership is inactive cannot sign in at all.
  if jsonb_array_length(memberships) = 0 and has_inactive then
    return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Your account is not activated yet.'));
  end if;
  return jsonb_build_object('claims', claims || jsonb_build_object('memberships', memberships));
end;
$$;

create function public.password_verification_attempt_hook(event jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (event ->> 'user_id')::uuid;
  valid boolean := (event ->> 'valid')::boolean;
  failures app_private.sign_in_failures;
  max_attempts constant integer := 5;
begin
  select * into failures from app_private.sign_in_failures f where f.user_id = uid for update;
  -- A lock lasts an hour; after that the user starts afresh.
  if failures.locked_at is not null and failures.locked_at > now() - interval '1 hour' then
    return jsonb_build_object('decision', 'reject', 'message', 'Your account is locked.', 'should_logout_user', true);
  end if;
  if valid then
    delete from app_private.sign_in_failures f where f.user_id = uid;
    return jsonb_build_object('decision', 'continue');
  end if;
  insert into app_private.sign_in_failures as f (user_id, failed_attempts, locked_at)
  values (uid, 1, null)
  on conflict (user_id) do update
    set failed_attempts = case when f.locked_at is not null then 1 else f.failed_attempts + 1 end, locked_at = null
  returning * into failures;
  if failures.failed_attempts >= max_attempts then
    update app_private.sign_in_failures f set locked_at = now() where f.user_id = uid;
    return jsonb_build_object('decision', 'reject', 'message', 'Your account is locked.', 'should_logout_user', true);
  elsif failures.failed_attempts = max_attempts - 1 then
    return jsonb_build_object('decision', 'reject', 'message', 'You have one more attempt before your account is locked.');
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;

grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook(jsonb), public.password_verification_attempt_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb), public.password_verification_attempt_hook(jsonb) from authenticated, anon, public;
