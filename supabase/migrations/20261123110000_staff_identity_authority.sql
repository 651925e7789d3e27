-- Who may change a staff user, decided once, in the database (issue 7 §2).
--
-- A user's identity (e-mail, password, name, the Auth user itself) is global: it is the same in every tenant the
-- user works for. Their membership (role, depos, status, codes) belongs to one tenant. So:
--   * a membership is managed by an admin of its tenant, or by a depo admin of its tenant when it is not an
--     admin's and all its depos are the depo admin's (app_private.manages_membership);
--   * the identity may be changed only by someone who manages EVERY membership the user has, in every tenant
--     (public.can_change_user_identity). Otherwise an admin of tenant A could reset the password of someone who is
--     also an admin of tenant B and sign in as them there.
-- Membership writes now go through row-level security with the caller's own JWT (the admin-users function uses
-- the caller's client), so the same rules hold for the function and for direct REST calls. The identity itself
-- is written by Auth (service role) only after the function asked can_change_user_identity, and the profile and
-- the audit rows by public.record_user_identity_change, which asks again.

create function app_private.manages_membership(p_tenant_id uuid, p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.tenant_memberships me
    where me.user_id = (select auth.uid()) and me.tenant_id = p_tenant_id and me.status = 'active'
      and (me.role = 'admin'
           or (me.role = 'depo_admin'
               and not exists (select 1 from public.tenant_memberships t
                               where t.tenant_id = p_tenant_id and t.user_id = p_user_id and t.role = 'admin')
               and not exists (select 1 from public.membership_depos d
                               where d.tenant_id = p_tenant_id and d.user_id = p_user_id
                                 and not exists (select 1 from public.membership_depos mine
                                                 where mine.tenant_id = p_tenant_id and mine.user_id = me.user_id
                                                   and mine.depo_id = d.depo_id)))));
$$;
comment on function app_private.manages_membership(uuid, uuid) is
  'Whether the signed-in user manages this user''s membership of this tenant: an active admin of the tenant, or an active depo admin of it when the membership is not an admin''s and all its depos are theirs.';

create function public.can_change_user_identity(target uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is not null
     and exists (select 1 from public.tenant_memberships m where m.user_id = target)
     and not exists (select 1 from public.tenant_memberships m
                     where m.user_id = target and not app_private.manages_membership(m.tenant_id, target));
$$;
comment on function public.can_change_user_identity(uuid) is
  'Whether the signed-in user may change this user''s global identity (e-mail, password, name, deletion): only when they manage every membership the user has, in every tenant. False for unknown users.';

-- A new membership: the caller must be able to give that role in the tenant, and must already manage every
-- membership the user has elsewhere; otherwise an admin could pull a foreign user (by id) into their tenant and
-- from then on count as one of the user's tenants.
create function app_private.may_add_membership(p_tenant_id uuid, p_user_id uuid, p_role public.app_role) returns boolean
language sql stable security definer set search_path = '' as $$
  select (p_tenant_id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[])
          or (p_role <> 'admin' and p_tenant_id = any ((select app_private.tenant_ids_where_role('{depo_admin}'))::uuid[])))
     and not exists (select 1 from public.tenant_memberships m
                     where m.user_id = p_user_id and m.tenant_id <> p_tenant_id
                       and not app_private.manages_membership(m.tenant_id, p_user_id));
$$;

-- A depo assignment: the caller manages the membership and may hand out this depo (admins: any depo of the
-- tenant, as the foreign key keeps it in the tenant; depo admins: their own depos).
create function app_private.may_assign_depo(p_tenant_id uuid, p_user_id uuid, p_depo_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select app_private.manages_membership(p_tenant_id, p_user_id)
     and (p_tenant_id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[])
          or exists (select 1 from public.tenant_memberships me
                     join public.membership_depos mine on mine.tenant_id = me.tenant_id and mine.user_id = me.user_id
                     where me.user_id = (select auth.uid()) and me.tenant_id = p_tenant_id and me.status = 'active'
                       and me.role = 'depo_admin' and mine.depo_id = p_depo_id));
$$;

revoke execute on function app_private.manages_membership(uuid, uuid), app_private.may_add_membership(uuid, uuid, public.app_role),
  app_private.may_assign_depo(uuid, uuid, bigint), public.can_change_user_identity(uuid) from public, anon;
grant execute on function app_private.manages_membership(uuid, uuid), app_private.may_add_membership(uuid, uuid, public.app_role),
  app_private.may_assign_depo(uuid, uuid, bigint), public.can_change_user_identity(uuid) to authenticated, service_role;

-- Memberships: key columns stay as inserted; the rest is the tenant's to manage.
grant insert (tenant_id, user_id, role, status, franchise_driver, axapta_code, wallmob_id, wallmob_name, lakrids_driver_id, lakrids_driver_name),
  update (role, status, franchise_driver, axapta_code, wallmob_id, wallmob_name, lakrids_driver_id, lakrids_driver_name)
  on public.tenant_memberships to authenticated;
create policy "admins and depo admins can add members they manage" on public.tenant_memberships for insert to authenticated
  with check (app_private.may_add_membership(tenant_id, user_id, role));
create policy "admins and depo admins can change memberships they manage" on public.tenant_memberships for update to authenticated
  using (app_private.manages_membership(tenant_id, user_id))
  with check (tenant_id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[])
              or (role <> 'admin' and tenant_id = any ((select app_private.tenant_ids_where_role('{depo_admin}'))::uuid[])));

grant insert, delete on public.membership_depos to authenticated;
create policy "admins and depo admins can assign depos they manage" on public.membership_depos for insert to authenticated
  with check (app_private.may_assign_depo(tenant_id, user_id, depo_id));
create policy "admins and depo admins can unassign depos they manage" on public.membership_depos for delete to authenticated
  using (app_private.may_assign_depo(tenant_id, user_id, depo_id));

-- Staff can write these now, so their requests are audited like every other tenant table.
select app_private.audit_writes_to('public.tenant_memberships');
select app_private.audit_writes_to('public.membership_depos');

-- The membership and its depos in one transaction (the role/depo rule is checked at its commit), as the caller:
-- row-level security decides. A refused change raises 42501.
create function public.save_tenant_membership(
  p_tenant_id uuid,
  p_user_id uuid,
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
declare
  wanted bigint[] := coalesce(p_depo_ids, '{}');
begin
  -- Not an upsert: ON CONFLICT would hold an existing membership to the insert policy as well.
  if exists (select 1 from public.tenant_memberships m where m.tenant_id = p_tenant_id and m.user_id = p_user_id) then
    update public.tenant_memberships m
       set role = p_role, status = p_status, franchise_driver = coalesce(p_franchise_driver, false), axapta_code = p_axapta_code,
           wallmob_id = p_wallmob_id, wallmob_name = p_wallmob_name, lakrids_driver_id = p_lakrids_driver_id,
           lakrids_driver_name = p_lakrids_driver_name
     where m.tenant_id = p_tenant_id and m.user_id = p_user_id;
    if not found then
      raise exception 'You may not change this membership' using errcode = '42501';
    end if;
  else
    insert into public.tenant_memberships (tenant_id, user_id, role, status, franchise_driver, axapta_code,
                                           wallmob_id, wallmob_name, lakrids_driver_id, lakrids_driver_name)
    values (p_tenant_id, p_user_id, p_role, p_status, coalesce(p_franchise_driver, false), p_axapta_code,
            p_wallmob_id, p_wallmob_name, p_lakrids_driver_id, p_lakrids_driver_name);
  end if;

  -- The depo list is replaced as a whole: the form always sends the complete assignment.
  delete from public.membership_depos d
   where d.tenant_id = p_tenant_id and d.user_id = p_user_id and not (d.depo_id = any (wanted));
  insert into public.membership_depos (tenant_id, user_id, depo_id)
  select p_tenant_id, p_user_id, w.depo_id from (select distinct unnest(wanted) as depo_id) w
  where not exists (select 1 from public.membership_depos d
                    where d.tenant_id = p_tenant_id and d.user_id = p_user_id and d.depo_id = w.depo_id);
  -- A delete the policies skipped leaves a depo behind: that is a refusal too, not a silent partial save.
  if exists (select 1 from public.membership_depos d
             where d.tenant_id = p_tenant_id and d.user_id = p_user_id and not (d.depo_id = any (wanted))) then
    raise exception 'You may not change this membership' using errcode = '42501';
  end if;
end;
$$;
comment on function public.save_tenant_membership is
  'Creates or changes a staff user''s membership of one tenant and its depos in one transaction, as the caller (row-level security decides).';
revoke execute on function public.save_tenant_membership from public, anon;
grant execute on function public.save_tenant_membership to authenticated, service_role;

-- After Auth has taken the new identity: the shared profile follows it (e-mail from Auth itself, never from the
-- caller), and, when something changed, every tenant of the user gets an audit row, since the change reaches
-- all of them. Asks can_change_user_identity again, so it is refused where the identity change would be.
create function public.record_user_identity_change(
  p_user_id uuid,
  p_first_name text,
  p_last_name text,
  p_changed text[],
  p_url text,
  p_method text,
  p_referer text default null
) returns void
language plpgsql security definer set search_path = '' as $$
declare
  auth_email text;
  member record;
begin
  if not public.can_change_user_identity(p_user_id) then
    raise exception 'You may not change this user''s e-mail, password or name: they also work where you have no authority'
      using errcode = '42501';
  end if;
  if p_method is null or upper(p_method) not in ('POST', 'PUT', 'PATCH', 'DELETE') then
    raise exception 'p_method must be POST, PUT, PATCH or DELETE' using errcode = '22023';
  end if;
  select u.email into auth_email from auth.users u where u.id = p_user_id;
  insert into public.staff_profiles (user_id, email, first_name, last_name)
  values (p_user_id, coalesce(auth_email, ''), coalesce(p_first_name, ''), coalesce(p_last_name, ''))
  on conflict (user_id) do update
    set email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name;

  if cardinality(coalesce(p_changed, '{}')) = 0 then
    return;
  end if;
  for member in select m.tenant_id from public.tenant_memberships m where m.user_id = p_user_id order by m.tenant_id loop
    perform public.audit_function_call(
      member.tenant_id, left(coalesce(p_url, ''), 2000), 'admin-users', 'change_identity',
      jsonb_build_object('user', jsonb_build_object('id', p_user_id, 'email', auth_email, 'first_name', p_first_name, 'last_name', p_last_name),
                         'changed', to_jsonb(p_changed)),
      200, p_method, left(p_referer, 2000), (select auth.uid()));
  end loop;
end;
$$;
comment on function public.record_user_identity_change(uuid, text, text, text[], text, text, text) is
  'After an identity change in Auth: syncs the shared staff profile and audits the change in every tenant of the user. Refused (42501) unless can_change_user_identity.';
revoke execute on function public.record_user_identity_change(uuid, text, text, text[], text, text, text) from public, anon;
grant execute on function public.record_user_identity_change(uuid, text, text, text[], text, text, text) to authenticated;

-- The service-role path that wrote profile and membership together, unchecked, is gone.
drop function public.save_staff_member(uuid, uuid, text, text, text, public.app_role, public.active_status, bigint[], boolean, text, text, text, text, text);
