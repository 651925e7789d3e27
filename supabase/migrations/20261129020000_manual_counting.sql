-- Manual counting documents (inventory spec §2.1, §4): a document counts one warehouse on one day. It is made with a
-- line per product holding the warehouse's balance at the end of that day (the tenant's clock) as the old value; staff
-- enter new values while it is a draft; approval moves each difference into the warehouse as one manual_counting
-- transfer dated at the end of the counted day, so the ledger stays the only thing that changes a balance.
--
-- Clients write these tables only through the functions below (a client could otherwise set old values, approve
-- without a transfer, or change an approved document); they read them under the depo's RLS.

alter table public.manual_counting_documents add column request_key uuid;
comment on column public.manual_counting_documents.request_key is
  'The request key create_manual_counting_document made this document for: the same key again answers this document.';
create unique index manual_counting_documents_request_key on public.manual_counting_documents (tenant_id, request_key)
  where request_key is not null;
create index manual_counting_documents_warehouse_idx on public.manual_counting_documents (tenant_id, warehouse_id, counted_at desc);

-- A warehouse's movements after a moment (the balance at a date is the balance now minus what moved later).
create index if not exists stock_transfers_to_warehouse_time_idx on public.stock_transfers (tenant_id, to_warehouse_id, transfered_at);
create index if not exists stock_transfers_from_warehouse_time_idx on public.stock_transfers (tenant_id, from_warehouse_id, transfered_at);

revoke insert, update, delete, truncate on public.manual_counting_documents, public.manual_counting_document_line_items from authenticated, anon;
drop policy "admin, depo_admin, support of the depo can add" on public.manual_counting_documents;
drop policy "admin, depo_admin, support of the depo can change" on public.manual_counting_documents;
drop policy "admin, depo_admin, support of the depo can delete" on public.manual_counting_documents;
drop policy "admin, depo_admin, support of the depo can add" on public.manual_counting_document_line_items;
drop policy "admin, depo_admin, support of the depo can change" on public.manual_counting_document_line_items;
drop policy "admin, depo_admin, support of the depo can delete" on public.manual_counting_document_line_items;

-- The first moment after the counted day on the tenant's clock: the balance "at" a date includes the whole day.
create function app_private.counting_cutoff(p_tenant_id uuid, p_day date) returns timestamptz
language sql stable set search_path = '' as $$
  select ((p_day + 1)::timestamp at time zone t.time_zone) from public.tenants t where t.id = p_tenant_id;
$$;
revoke execute on function app_private.counting_cutoff(uuid, date) from public;

-- Each product's balance in the warehouse at the cutoff: the balance now minus the lines dated at or after it.
-- One statement, so balances and lines come from one snapshot (a transfer commits both together).
create function app_private.warehouse_balances_before(p_tenant_id uuid, p_warehouse_id bigint, p_cutoff timestamptz)
returns table (product_id bigint, amount numeric)
language sql stable set search_path = '' as $$
  with later as (
    select l.product_id, sum(case when t.to_warehouse_id = p_warehouse_id then l.amount else -l.amount end) as amount
      from public.stock_transfers t
      join public.stock_transfer_line_items l on l.tenant_id = t.tenant_id and l.stock_transfer_id = t.id
     where t.tenant_id = p_tenant_id and t.transfered_at >= p_cutoff
       and (t.to_warehouse_id = p_warehouse_id or t.from_warehouse_id = p_warehouse_id)
     group by l.product_id),
  now_ as (
    select b.product_id, b.balance_amount from public.warehouse_product_balances b
     where b.tenant_id = p_tenant_id and b.warehouse_id = p_warehouse_id)
  select coalesce(n.product_id, l.product_id), coalesce(n.balance_amount, 0) - coalesce(l.amount, 0)
    from now_ n full join later l on l.product_id = n.product_id;
$$;
revoke execute on function app_private.warehouse_balances_before(uuid, bigint, timestamptz) from public;

-- The document for a writer (admin, depo admin or support of its depo), locked; anything else is Not found.
create function app_private.counting_document_for_writer(p_document_id bigint) returns public.manual_counting_documents
language plpgsql security definer set search_path = '' as $$
declare
  doc public.manual_counting_documents;
begin
  select * into doc from public.manual_counting_documents m
   where m.id = p_document_id
     and m.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and m.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
   for update;
  if doc.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  return doc;
end;
$$;
revoke execute on function app_private.counting_document_for_writer(bigint) from public;

create function public.create_manual_counting_document(p_warehouse_id bigint, p_counted_at date default null, p_request_key uuid default null)
returns bigint language plpgsql security definer set search_path = '' as $$
declare
  w public.warehouses;
  day date;
  doc_id bigint;
begin
  select * into w from public.warehouses x
   where x.id = p_warehouse_id
     and x.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and x.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[]);
  if w.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  day := coalesce(p_counted_at, app_private.tenant_today(w.tenant_id) - 1);
  if day > app_private.tenant_today(w.tenant_id) or day < date '2000-01-01' then
    raise exception 'is invalid' using errcode = 'P0001', hint = 'counted_at';
  end if;
  if p_request_key is not null then
    -- A double submit waits for the first and answers its document.
    perform pg_advisory_xact_lock(hashtextextended('manual_counting:' || p_request_key::text, 0));
    select m.id into doc_id from public.manual_counting_documents m
     where m.tenant_id = w.tenant_id and m.request_key = p_request_key and m.warehouse_id = w.id and m.created_by is not distinct from auth.uid();
    if doc_id is not null then
      return doc_id;
    end if;
  end if;
  insert into public.manual_counting_documents (tenant_id, depo_id, warehouse_id, counted_at, created_by, request_key)
  values (w.tenant_id, w.depo_id, w.id, day, auth.uid(), p_request_key)
  returning id into doc_id;
  -- Every active product, and any other the warehouse held at that date.
  insert into public.manual_counting_document_line_items (tenant_id, manual_counting_document_id, depo_id, product_id, old_value)
  select w.tenant_id, doc_id, w.depo_id, p.id, coalesce(b.amount, 0)
    from public.products p
    left join app_private.warehouse_balances_before(w.tenant_id, w.id, app_private.counting_cutoff(w.tenant_id, day)) b on b.product_id = p.id
   where p.tenant_id = w.tenant_id and (p.status = 'active' or coalesce(b.amount, 0) <> 0)
   order by p.id;
  return doc_id;
end;
$$;
comment on function public.create_manual_counting_document(bigint, date, uuid) is
  'A draft counting document of the warehouse for a day (yesterday on the tenant''s clock by default) with each product''s balance at the end of that day. Admins, depo admins and support of its depo; otherwise Not found.';
revoke execute on function public.create_manual_counting_document(bigint, date, uuid) from public, anon;
grant execute on function public.create_manual_counting_document(bigint, date, uuid) to authenticated, service_role;

-- Saves new values ([{id, new_value}], null clears one) of a draft document's lines.
create function public.save_manual_counting_document(p_document_id bigint, p_lines jsonb)
returns void language plpgsql security definer set search_path = '' as $$
declare
  doc public.manual_counting_documents := app_private.counting_document_for_writer(p_document_id);
  given integer;
  matched integer;
begin
  if doc.status = 'approved' then
    raise exception 'An approved manual counting document can not be changed' using errcode = 'P0001';
  end if;
  if jsonb_typeof(p_lines) is distinct from 'array' or jsonb_array_length(p_lines) > 20000 then
    raise exception 'is invalid' using errcode = 'P0001', hint = 'manual_counting_document_line_items';
  end if;
  if exists (select 1 from jsonb_array_elements(p_lines) e
              where jsonb_typeof(e) <> 'object' or jsonb_typeof(e -> 'id') is distinct from 'number'
                 or (e ? 'new_value' and jsonb_typeof(e -> 'new_value') not in ('number', 'null'))
                 or (jsonb_typeof(e -> 'new_value') = 'number' and ((e ->> 'new_value')::numeric < 0 or (e ->> 'new_value')::numeric >= 1e10))) then
    raise exception 'New value must be a number between 0 and 9999999999' using errcode = 'P0001', hint = 'new_value';
  end if;
  select count(distinct (e ->> 'id')) into given from jsonb_array_elements(p_lines) e;
  with x as (
    select distinct on ((e ->> 'id')::numeric) (e ->> 'id')::numeric as id, round((e ->> 'new_value')::numeric, 2) as new_value
      from jsonb_array_elements(p_lines) e)
  update public.manual_counting_document_line_items li set new_value = x.new_value
    from x
   where li.tenant_id = doc.tenant_id and li.manual_counting_document_id = doc.id and li.id = x.id;
  get diagnostics matched = row_count;
  if matched <> given then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
end;
$$;
comment on function public.save_manual_counting_document(bigint, jsonb) is
  'Sets the new values of a draft counting document''s lines (another document''s line: Not found, nothing saved).';
revoke execute on function public.save_manual_counting_document(bigint, jsonb) from public, anon;
grant execute on function public.save_manual_counting_document(bigint, jsonb) to authenticated, service_role;

-- Approval, in one transaction: the document is locked (a second or concurrent approval waits and then answers the
-- approved document), the balance rows of the counted products are locked in product order (the ledger's order, so
-- no deadlock with a transfer), the old values are read again at the end of the counted day (a transfer dated on or
-- before it may have come in since), and one manual_counting transfer moves each difference into the warehouse.
create function public.approve_manual_counting_document(p_document_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  doc public.manual_counting_documents := app_private.counting_document_for_writer(p_document_id);
  cutoff timestamptz := app_private.counting_cutoff(doc.tenant_id, doc.counted_at);
  transfer_id bigint;
begin
  if doc.status = 'approved' then
    return;
  end if;
  if not exists (select 1 from public.manual_counting_document_line_items li
                  where li.tenant_id = doc.tenant_id and li.manual_counting_document_id = doc.id and li.new_value is not null) then
    raise exception 'At least one line must have a new value' using errcode = 'P0001';
  end if;
  -- A product about to move gets its (empty) balance row first, so there is a row to lock; lines counted at their
  -- old value leave a warehouse that never held the product without one.
  insert into public.warehouse_product_balances (tenant_id, warehouse_id, product_id, depo_id, balance_amount)
  select doc.tenant_id, doc.warehouse_id, li.product_id, doc.depo_id, 0
    from public.manual_counting_document_line_items li
   where li.tenant_id = doc.tenant_id and li.manual_counting_document_id = doc.id and li.value_changed
   order by li.product_id
  on conflict (tenant_id, warehouse_id, product_id) do nothing;
  perform 1 from public.warehouse_product_balances b
   where b.tenant_id = doc.tenant_id and b.warehouse_id = doc.warehouse_id
     and b.product_id in (select li.product_id from public.manual_counting_document_line_items li
                           where li.tenant_id = doc.tenant_id and li.manual_counting_document_id = doc.id and li.new_value is not null)
   order by b.product_id for update;

  with b as (select * from app_private.warehouse_balances_before(doc.tenant_id, doc.warehouse_id, cutoff)),
  x as (select li.id, coalesce(b.amount, 0) as amount
          from public.manual_counting_document_line_items li left join b on b.product_id = li.product_id
         where li.tenant_id = doc.tenant_id and li.manual_counting_document_id = doc.id)
  update public.manual_counting_document_line_items li set old_value = x.amount
    from x
   where li.tenant_id = doc.tenant_id and li.id = x.id and li.old_value <> x.amount;

  if exists (select 1 from public.manual_counting_document_line_items li
              where li.tenant_id = doc.tenant_id and li.manual_counting_document_id = doc.id and li.value_changed) then
    insert into public.stock_transfers (tenant_id, depo_id, transfered_at, to_warehouse_id, description, kind, created_by)
    values (doc.tenant_id, doc.depo_id, cutoff - interval '1 microsecond', doc.warehouse_id,
            'Manual counting document ' || doc.id, 'manual_counting', auth.uid())
    returning id into transfer_id;
    insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
    select doc.tenant_id, transfer_id, doc.depo_id, li.product_id, li.new_value - li.old_value
      from public.manual_counting_document_line_items li
     where li.tenant_id = doc.tenant_id and li.manual_counting_document_id = doc.id and li.value_changed
     order by li.product_id;
  end if;

  update public.manual_counting_documents m
     set status = 'approved', approved_at = now(), approved_by = auth.uid(), stock_transfer_id = transfer_id
   where m.tenant_id = doc.tenant_id and m.id = doc.id;
end;
$$;
comment on function public.approve_manual_counting_document(bigint) is
  'Approves a draft counting document: one manual_counting transfer makes the warehouse''s balance at the end of the counted day equal each new value. Approving an approved document changes nothing.';
revoke execute on function public.approve_manual_counting_document(bigint) from public, anon;
grant execute on function public.approve_manual_counting_document(bigint) to authenticated, service_role;

create function public.delete_manual_counting_document(p_document_id bigint)
returns void language plpgsql security definer set search_path = '' as $$
declare
  doc public.manual_counting_documents := app_private.counting_document_for_writer(p_document_id);
begin
  if doc.status = 'approved' then
    raise exception 'An approved manual counting document can not be deleted' using errcode = 'P0001';
  end if;
  delete from public.manual_counting_documents m where m.tenant_id = doc.tenant_id and m.id = doc.id;
end;
$$;
comment on function public.delete_manual_counting_document(bigint) is 'Deletes a draft counting document with its lines.';
revoke execute on function public.delete_manual_counting_document(bigint) from public, anon;
grant execute on function public.delete_manual_counting_document(bigint) to authenticated, service_role;

-- What the document's view shows: its header with the names of who made and approved it, and the warehouse's owner.
create function public.manual_counting_document(p_document_id bigint)
returns table (id bigint, warehouse_id bigint, depo_id bigint, status public.counting_status, editable boolean, counted_at date,
               created_at timestamptz, created_by_name text, approved_at timestamptz, approved_by_name text, approved_by_email text,
               stock_transfer_id bigint, warehouse_code text, warehouse_name text, owner_title text, owner_type public.warehouse_owner_type)
language sql stable security definer set search_path = '' as $$
  select m.id, m.warehouse_id, m.depo_id, m.status, m.status = 'draft', m.counted_at, m.created_at,
         nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), m.approved_at,
         nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), ''), a.email,
         m.stock_transfer_id, w.code, w.name,
         case when w.owner_type = 'car' then car.internal_number else d.title end, w.owner_type
    from public.manual_counting_documents m
    join public.warehouses w on w.tenant_id = m.tenant_id and w.id = m.warehouse_id
    join public.depos d on d.tenant_id = w.tenant_id and d.id = w.depo_id
    left join public.cars car on car.tenant_id = w.tenant_id and car.id = w.owner_car_id
    left join public.staff_profiles c on c.user_id = m.created_by
    left join public.staff_profiles a on a.user_id = m.approved_by
   where m.id = p_document_id
     and m.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and m.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[]);
$$;
revoke execute on function public.manual_counting_document(bigint) from public, anon;
grant execute on function public.manual_counting_document(bigint) to authenticated, service_role;

create function public.manual_counting_document_lines(p_document_id bigint)
returns table (id bigint, product_id bigint, sku text, description text, old_value numeric, new_value numeric, value_changed boolean)
language sql stable security definer set search_path = '' as $$
  select li.id, li.product_id, p.sku, p.description, li.old_value, li.new_value, li.value_changed
    from public.manual_counting_documents m
    join public.manual_counting_document_line_items li on li.tenant_id = m.tenant_id and li.manual_counting_document_id = m.id
    join public.products p on p.tenant_id = li.tenant_id and p.id = li.product_id
   where m.id = p_document_id
     and m.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and m.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
   order by p.sku;
$$;
revoke execute on function public.manual_counting_document_lines(bigint) from public, anon;
grant execute on function public.manual_counting_document_lines(bigint) to authenticated, service_role;

-- The warehouse's Manual Counting tab, newest counted day first, 25 a page (the spec's page size).
create function public.warehouse_manual_counting_documents(p_warehouse_id bigint, p_page integer default 1)
returns table (id bigint, status public.counting_status, counted_at date, created_at timestamptz, created_by_name text, approved_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select m.id, m.status, m.counted_at, m.created_at,
         nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), m.approved_at
    from public.manual_counting_documents m
    left join public.staff_profiles c on c.user_id = m.created_by
   where m.warehouse_id = p_warehouse_id
     and m.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and m.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
   order by m.counted_at desc, m.id desc
   limit 25 offset (greatest(least(coalesce(p_page, 1), 100000), 1) - 1) * 25;
$$;
revoke execute on function public.warehouse_manual_counting_documents(bigint, integer) from public, anon;
grant execute on function public.warehouse_manual_counting_documents(bigint, integer) to authenticated, service_role;
