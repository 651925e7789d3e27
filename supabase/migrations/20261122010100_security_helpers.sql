-- Row-level security helpers: one question each, answered from the membership tables (so a revoked
-- membership takes effect at once, not at the next token refresh). Policies call them as
-- `(select app_private.fn())` so Postgres evaluates them once per statement.

create function app_private.current_user_tenant_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.tenant_id), '{}')
  from public.tenant_memberships m
  where m.user_id = (select auth.uid()) and m.status = 'active';
$$;
comment on function app_private.current_user_tenant_ids() is 'Tenants where the signed-in user is an active member.';

create function app_private.tenant_ids_where_role(roles public.app_role[]) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.tenant_id), '{}')
  from public.tenant_memberships m
  where m.user_id = (select auth.uid()) and m.status = 'active' and m.role = any (roles);
$$;
comment on function app_private.tenant_ids_where_role(public.app_role[]) is 'Tenants where the signed-in user is an active member with one of these roles.';

create function app_private.depo_ids_where_role(roles public.app_role[]) returns bigint[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(distinct x.depo_id), '{}')
  from (
    -- An admin works in every depo of the tenant.
    select d.id as depo_id
    from public.tenant_memberships m
    join public.depos d on d.tenant_id = m.tenant_id
    where m.user_id = (select auth.uid()) and m.status = 'active' and m.role = 'admin' and 'admin' = any (roles)
    union all
    select md.depo_id
    from public.tenant_memberships m
    join public.membership_depos md on md.tenant_id = m.tenant_id and md.user_id = m.user_id
    where m.user_id = (select auth.uid()) and m.status = 'active' and m.role <> 'admin' and m.role = any (roles)
  ) x;
$$;
comment on function app_private.depo_ids_where_role(public.app_role[]) is 'Depos the signed-in user works in with one of these roles (admins: every depo of their tenant).';

create function app_private.readable_depo_ids() returns bigint[]
language sql stable security definer set search_path = '' as $$
  select app_private.depo_ids_where_role(enum_range(null::public.app_role));
$$;
comment on function app_private.readable_depo_ids() is 'Depos the signed-in user works in, whatever the role.';

revoke execute on all functions in schema app_private from public;
grant execute on function app_private.current_user_tenant_ids(), app_private.tenant_ids_where_role(public.app_role[]),
  app_private.depo_ids_where_role(public.app_role[]), app_private.readable_depo_ids() to authenticated, service_role;

-- Every tenant table is secured by one of these two, so policies are uniform and named for what they allow.
-- A table with no writers is read-only for staff (the service role and security-definer functions still write).

create function app_private.secure_tenant_table(tbl regclass, writers public.app_role[]) returns void
language plpgsql set search_path = '' as $$
declare
  who text := array_to_string(writers, ', ');
  member_check text := 'tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])';
  writer_check text := format('tenant_id = any ((select app_private.tenant_ids_where_role(%L))::uuid[])', writers);
begin
  execute format('alter table %s enable row level security', tbl);
  execute format('grant select on %s to authenticated', tbl);
  execute format('grant all on %s to service_role', tbl);
  execute format('create policy "members of the tenant can read" on %s for select to authenticated using (%s)', tbl, member_check);
  if cardinality(writers) > 0 then
    execute format('grant insert, update, delete on %s to authenticated', tbl);
    execute format('create policy %I on %s for insert to authenticated with check (%s)', left(who || ' of the tenant can add', 63), tbl, writer_check);
    execute format('create policy %I on %s for update to authenticated using (%s) with check (%s)', left(who || ' of the tenant can change', 63), tbl, writer_check, writer_check);
    execute format('create policy %I on %s for delete to authenticated using (%s)', left(who || ' of the tenant can delete', 63), tbl, writer_check);
  end if;
end;
$$;

create function app_private.secure_depo_table(tbl regclass, writers public.app_role[]) returns void
language plpgsql set search_path = '' as $$
declare
  who text := array_to_string(writers, ', ');
  reader_check text := 'tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[]) and depo_id = any ((select app_private.readable_depo_ids())::bigint[])';
  writer_check text := format(
    'tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[]) and depo_id = any ((select app_private.depo_ids_where_role(%L))::bigint[])', writers);
  index_name text := (select c.relname from pg_class c where c.oid = tbl) || '_tenant_depo_idx';
begin
  execute format('create index if not exists %I on %s (tenant_id, depo_id)', index_name, tbl);
  execute format('alter table %s enable row level security', tbl);
  execute format('grant select on %s to authenticated', tbl);
  execute format('grant all on %s to service_role', tbl);
  execute format('create policy "members of the depo can read" on %s for select to authenticated using (%s)', tbl, reader_check);
  if cardinality(writers) > 0 then
    execute format('grant insert, update, delete on %s to authenticated', tbl);
    execute format('create policy %I on %s for insert to authenticated with check (%s)', left(who || ' of the depo can add', 63), tbl, writer_check);
    execute format('create policy %I on %s for update to authenticated using (%s) with check (%s)', left(who || ' of the depo can change', 63), tbl, writer_check, writer_check);
    execute format('create policy %I on %s for delete to authenticated using (%s)', left(who || ' of the depo can delete', 63), tbl, writer_check);
  end if;
end;
$$;
revoke execute on function app_private.secure_tenant_table(regclass, public.app_role[]), app_private.secure_depo_table(regclass, public.app_role[]) from public;

-- Tenancy tables themselves.
alter table public.tenants enable row level security;
grant select on public.tenants to authenticated;
-- Admins keep their brand and map defaults; feature flags are the product owner's (service role).
grant update (name, brand_homepage_url, map_center_lat, map_center_lng, map_zoom, date_format, time_zone) on public.tenants to authenticated;
grant all on public.tenants to service_role;
create policy "members can read their tenants" on public.tenants for select to authenticated
  using (id = any ((select app_private.current_user_tenant_ids())::uuid[]));
create policy "admins can change their tenant" on public.tenants for update to authenticated
  using (id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[])) with check (id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[]));

-- Depos: every member reads the tenant's depo list (the depo switcher and depo columns need titles); admins manage them.
select app_private.secure_tenant_table('public.depos', '{admin}');

alter table public.staff_profiles enable row level security;
grant select, update (first_name, last_name) on public.staff_profiles to authenticated;
grant all on public.staff_profiles to service_role;
create policy "users can read their own profile" on public.staff_profiles for select to authenticated
  using (user_id = (select auth.uid()));
create policy "members can read profiles of their tenants' staff" on public.staff_profiles for select to authenticated
  using (exists (select 1 from public.tenant_memberships m where m.user_id = staff_profiles.user_id
                 and m.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])));
create policy "users can change their own name" on public.staff_profiles for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Memberships are written by the users edge function (service role); staff read those of their tenants.
alter table public.tenant_memberships enable row level security;
grant select on public.tenant_memberships to authenticated;
grant all on public.tenant_memberships to service_role;
create policy "users can read their own memberships" on public.tenant_memberships for select to authenticated
  using (user_id = (select auth.uid()));
create policy "admins and depo admins can read the tenant's memberships" on public.tenant_memberships for select to authenticated
  using (tenant_id = any ((select app_private.tenant_ids_where_role('{admin,depo_admin}'))::uuid[]));

alter table public.membership_depos enable row level security;
grant select on public.membership_depos to authenticated;
grant all on public.membership_depos to service_role;
create policy "users can read their own depos" on public.membership_depos for select to authenticated
  using (user_id = (select auth.uid()));
create policy "admins and depo admins can read the tenant's depo assignments" on public.membership_depos for select to authenticated
  using (tenant_id = any ((select app_private.tenant_ids_where_role('{admin,depo_admin}'))::uuid[]));
