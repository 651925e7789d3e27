-- The warehouse form's owner rules, held by the database whatever the caller sends: a car's warehouse belongs to a
-- car of the warehouse's own depo (the composite key; not a retired one, when it is chosen), and a car has one warehouse at most (the owner select
-- shows a car with a warehouse as unavailable; the unique index holds it under concurrent saves). The sentences
-- name the form's owner field in their hint.
-- With depo_id in the key: a car belongs to one depo (composite key), so this is one warehouse per car, and a
-- forged car of another depo meets the composite key (23503) rather than this index.
create unique index warehouses_one_per_car on public.warehouses (tenant_id, depo_id, owner_car_id) where owner_car_id is not null;

create function app_private.check_warehouse_owner() returns trigger language plpgsql set search_path = '' as $$
begin
  -- An edit that keeps the owner (the form sends it with every save) is not a new choice: a car retired since
  -- keeps its warehouse.
  if tg_op = 'UPDATE' and new.owner_car_id is not distinct from old.owner_car_id and new.depo_id = old.depo_id then
    return new;
  end if;
  -- A car of another depo (or none) is the composite key's to refuse (23503, like every depo-bound parent); a
  -- retired car of this depo, or one that has a warehouse, is this rule's.
  if new.owner_type <> 'car' or not exists (
       select 1 from public.cars c where c.tenant_id = new.tenant_id and c.id = new.owner_car_id and c.depo_id = new.depo_id) then
    return new;
  end if;
  if new.owner_type = 'car' and exists (
       select 1 from public.cars c
        where c.tenant_id = new.tenant_id and c.id = new.owner_car_id and c.depo_id = new.depo_id and c.deleted_at is not null) then
    raise exception 'is not a car of this depo' using hint = 'owner';
  end if;
  if new.owner_type = 'car' and exists (
       select 1 from public.warehouses w
        where w.tenant_id = new.tenant_id and w.owner_car_id = new.owner_car_id and w.id <> new.id) then
    raise exception 'already has a warehouse' using hint = 'owner';
  end if;
  return new;
end;
$$;
create trigger warehouses_check_owner before insert or update of owner_type, owner_car_id, depo_id on public.warehouses
  for each row execute function app_private.check_warehouse_owner();
