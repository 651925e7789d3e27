-- A child row lives in its parent's depo (issue 7 §3). Policies check a row's own depo_id, and the foreign keys
-- bound only the tenant, so a writer of depo 4 could hang a row of depo 4 under a parent of depo 6 (a GPS fix on
-- another depo's car, a transfer into another depo's warehouse, a stop under another depo's route), and the
-- security-definer triggers then changed depo 6's data (the car's location, the warehouse balances).
-- Every foreign key from a depo table to a depo table now carries depo_id: (tenant_id, depo_id, parent_id)
-- references the parent's unique (tenant_id, depo_id, id). With that, the definer triggers act inside the
-- depo the insert policy already checked: copy_latest_car_position updates a car of the position's depo, and
-- apply_stock_transfer_line moves stock only between warehouses of the transfer's depo.
-- The other security-definer triggers were audited and write nothing outside the caller's reach:
-- broadcast_row_change only sends on the row's own topic; audit_rest_write records the caller's own statement in
-- the written rows' tenant; the B2B list triggers re-derive columns (search text, route flags, depo ids) from the
-- rows as they are; check_membership_depos only reads.

-- Rebinds one foreign key (child.fk_column -> parent) to include depo_id, keeping its ON DELETE action.
create function app_private.bind_child_to_parent_depo(child regclass, fk_column text, parent regclass) returns void
language plpgsql set search_path = '' as $$
declare
  fk record;
  parent_name text := (select c.relname from pg_class c where c.oid = parent);
  child_name text := (select c.relname from pg_class c where c.oid = child);
  new_def text;
begin
  if not exists (select 1 from pg_constraint k where k.conrelid = parent and k.contype in ('u', 'p')
                 and k.conkey::int2[] = array[
                   (select a.attnum from pg_attribute a where a.attrelid = parent and a.attname = 'tenant_id'),
                   (select a.attnum from pg_attribute a where a.attrelid = parent and a.attname = 'depo_id'),
                   (select a.attnum from pg_attribute a where a.attrelid = parent and a.attname = 'id')]::int2[]) then
    execute format('alter table %s add constraint %I unique (tenant_id, depo_id, id)', parent, left(parent_name || '_tenant_depo_id_key', 63));
  end if;

  select k.conname, pg_get_constraintdef(k.oid) as def into fk
  from pg_constraint k
  where k.conrelid = child and k.confrelid = parent and k.contype = 'f'
    and k.conkey::int2[] = array[
      (select a.attnum from pg_attribute a where a.attrelid = child and a.attname = 'tenant_id'),
      (select a.attnum from pg_attribute a where a.attrelid = child and a.attname = fk_column)]::int2[];
  if fk.conname is null then
    -- A new table declares the relation here instead of in its create table.
    fk.def := format('FOREIGN KEY (tenant_id, %I) REFERENCES %s(tenant_id, id)', fk_column, parent);
  else
    execute format('alter table %s drop constraint %I', child, fk.conname);
  end if;
  -- Same clause with depo_id added on both sides, so ON DELETE CASCADE / SET NULL (col) carry over.
  new_def := regexp_replace(fk.def, '^FOREIGN KEY \(tenant_id, ', 'FOREIGN KEY (tenant_id, depo_id, ');
  new_def := regexp_replace(new_def, '\(tenant_id, id\)', '(tenant_id, depo_id, id)');
  execute format('alter table %s add constraint %I %s', child, left(child_name || '_' || fk_column || '_same_depo_fkey', 63), new_def);
end;
$$;
comment on function app_private.bind_child_to_parent_depo(regclass, text, regclass) is
  'Makes child.fk_column reference parent by (tenant_id, depo_id, id): the child row must be in its parent''s depo.';

-- Every tenant-bound foreign key of a depo table to another depo table, bound to the depo.
create function app_private.bind_depo_children(child regclass) returns void
language plpgsql set search_path = '' as $$
declare
  rel record;
begin
  for rel in
    select k.confrelid::regclass as parent, a.attname as fk_column
    from pg_constraint k
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[2]
    where k.conrelid = child and k.contype = 'f' and cardinality(k.conkey) = 2
      and k.conkey[1] = (select t.attnum from pg_attribute t where t.attrelid = child and t.attname = 'tenant_id')
      and exists (select 1 from pg_attribute d where d.attrelid = k.confrelid and d.attname = 'depo_id' and not d.attisdropped)
  loop
    perform app_private.bind_child_to_parent_depo(child, rel.fk_column, rel.parent);
  end loop;
end;
$$;
comment on function app_private.bind_depo_children(regclass) is
  'Binds each (tenant_id, x) foreign key of a depo table to a depo table to the depo (secure_depo_table calls it).';
revoke execute on function app_private.bind_child_to_parent_depo(regclass, text, regclass), app_private.bind_depo_children(regclass) from public;

select app_private.bind_depo_children(c.oid::regclass)
from pg_class c
where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
  and exists (select 1 from pg_attribute d where d.attrelid = c.oid and d.attname = 'depo_id' and not d.attisdropped)
  and exists (select 1 from pg_attribute d where d.attrelid = c.oid and d.attname = 'tenant_id' and not d.attisdropped)
order by c.oid;
