-- Staff users are created and changed by the admin-users edge function with the service role. It writes the
-- profile, the membership and the membership's depos through this one function, so they land in one
-- transaction and the role/depo rule (a deferred constraint trigger) is checked once, at its commit.

create function public.save_staff_member(
  p_tenant_id uuid,
  p_user_id uuid,
  p_email text,
  p_first_name text,
  p_last_name text,
  p_role public.app_role,
  p_status public.active_status,
  p_depo_ids bigint[],
  p_franchise_driver boolean default false,
  p_axapta_code text default null,
  p_wallmob_id text default null,
  p_wallmob_name text default null,
  p_lakrids_driver_id text default null,
  p_lakrids_driver_name text default null
) returns void
language plpgsql security invoker set search_path = '' as $$
begin
  insert into public.staff_profiles (user_id, email, first_name, last_name)
  values (p_user_id, p_email, coalesce(p_first_name, ''), coalesce(p_last_name, ''))
  on conflict (user_id) do update
    set email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name;

  insert into public.tenant_memberships as m (tenant_id, user_id, role, status, franchise_driver, axapta_code,
                                              wallmob_id, wallmob_name, lakrids_driver_id, lakrids_driver_name)
  values (p_tenant_id, p_user_id, p_role, p_status, coalesce(p_franchise_driver, false), p_axapta_code,
          p_wallmob_id, p_wallmob_name, p_lakrids_driver_id, p_lakrids_driver_name)
  on conflict (tenant_id, user_id) do update
    set role = excluded.role, status = excluded.status, franchise_driver = excluded.franchise_driver,
        axapta_code = excluded.axapta_code, wallmob_id = excluded.wallmob_id, wallmob_name = excluded.wallmob_name,
        lakrids_driver_id = excluded.lakrids_driver_id, lakrids_driver_name = excluded.lakrids_driver_name;

  -- The depo list is replaced as a whole: the form always sends the complete assignment.
  delete from public.membership_depos d
   where d.tenant_id = p_tenant_id and d.user_id = p_user_id and not (d.depo_id = any (coalesce(p_depo_ids, '{}')));
  insert into public.membership_depos (tenant_id, user_id, depo_id)
  select p_tenant_id, p_user_id, depo_id from unnest(coalesce(p_depo_ids, '{}')) as depo_id
  on conflict do nothing;
end;
$$;
comment on function public.save_staff_member is
  'Creates or replaces a staff user''s profile, membership in one tenant and depo assignment in one transaction (service role only).';

revoke execute on function public.save_staff_member from public, anon, authenticated;
grant execute on function public.save_staff_member to service_role;
