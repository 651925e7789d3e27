-- Products, minimum balances, warehouses (a depo's or a car's), balances per warehouse and product,
-- stock orders and transfers with lines, and manual counting documents. A transfer's lines move stock
-- between the balances (trigger), so balances never drift from the transfers that made them.

create type public.storage_unit as enum ('stk', 'kolli');
create type public.warehouse_owner_type as enum ('depo', 'car');
create type public.stock_order_status as enum ('pending', 'received');
create type public.stock_kind as enum ('regular', 'sales', 'write_off', 'manual_counting', 'other', 'win_lose');
create type public.counting_status as enum ('draft', 'approved');

create table public.products (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  sku text not null check (length(sku) between 1 and 40),
  description text not null check (length(description) between 1 and 200),
  sequence_number integer check (sequence_number >= 0),
  packaging_size integer not null default 1 check (packaging_size >= 1),
  sales_price numeric(12, 2) not null default 0.0 check (sales_price >= 0),
  storage_unit public.storage_unit not null default 'stk',
  tax_type text,
  tax_amount numeric(12, 2) check (tax_amount >= 0),
  volume numeric(12, 3) check (volume >= 0),
  status public.active_status not null default 'active',
  b2b_product boolean not null default false,
  wallmob_sku text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  unique (tenant_id, sku)
);

create table public.minimum_required_balances (
  tenant_id uuid not null,
  id bigint generated always as identity,
  product_id bigint not null,
  depo_id bigint not null,
  minimum_for_depo integer not null default 0 check (minimum_for_depo >= 0),
  minimum_for_cars integer not null default 0 check (minimum_for_cars >= 0),
  primary key (tenant_id, id),
  unique (tenant_id, product_id, depo_id),
  foreign key (tenant_id, product_id) references public.products (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id) on delete cascade
);

create table public.warehouses (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null, -- the depo it belongs to (for a car's warehouse, the car's depo)
  code text not null check (length(code) between 1 and 40),
  name text not null check (length(name) between 1 and 120),
  owner_type public.warehouse_owner_type not null,
  owner_car_id bigint,
  "primary" boolean not null default false,
  axapta_id text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  unique (tenant_id, code),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id),
  foreign key (tenant_id, owner_car_id) references public.cars (tenant_id, id),
  check ((owner_type = 'car') = (owner_car_id is not null)),
  check (not ("primary" and owner_type = 'car')) -- only a depo's warehouse can be its primary one
);
create unique index warehouses_one_primary_per_depo on public.warehouses (tenant_id, depo_id) where "primary";

create table public.warehouse_product_balances (
  tenant_id uuid not null,
  id bigint generated always as identity,
  warehouse_id bigint not null,
  product_id bigint not null,
  depo_id bigint not null,
  balance_amount numeric(12, 2) not null default 0, -- may go negative: shown red as a negative balance
  future_inventory_date date,
  future_inventory_quantity numeric(12, 2) check (future_inventory_quantity >= 0),
  primary key (tenant_id, id),
  unique (tenant_id, warehouse_id, product_id),
  foreign key (tenant_id, warehouse_id) references public.warehouses (tenant_id, id) on delete cascade,
  foreign key (tenant_id, product_id) references public.products (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);

create table public.stock_transfers (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  transfered_at timestamptz not null default now(),
  from_warehouse_id bigint,
  to_warehouse_id bigint,
  description text,
  kind public.stock_kind not null default 'regular',
  main_storage_message text,
  stock_order_id bigint,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id),
  foreign key (tenant_id, from_warehouse_id) references public.warehouses (tenant_id, id),
  foreign key (tenant_id, to_warehouse_id) references public.warehouses (tenant_id, id),
  check (from_warehouse_id is not null or to_warehouse_id is not null),
  check (from_warehouse_id is distinct from to_warehouse_id),
  check (kind <> 'win_lose' or from_warehouse_id is null)
);

create table public.stock_transfer_line_items (
  tenant_id uuid not null,
  id bigint generated always as identity,
  stock_transfer_id bigint not null,
  depo_id bigint not null,
  product_id bigint not null,
  amount numeric(12, 2) not null check (amount <> 0),
  packaged_amount numeric(12, 2) check (packaged_amount >= 0),
  primary key (tenant_id, id),
  foreign key (tenant_id, stock_transfer_id) references public.stock_transfers (tenant_id, id) on delete cascade,
  foreign key (tenant_id, product_id) references public.products (tenant_id, id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
create index stock_transfer_line_items_transfer_idx on public.stock_transfer_line_items (tenant_id, stock_transfer_id);

create table public.stock_orders (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  status public.stock_order_status not null default 'pending',
  from_warehouse_id bigint,
  to_warehouse_id bigint not null,
  to_depo_id bigint,
  ordered_at timestamptz not null default now(),
  reason text,
  kind public.stock_kind not null default 'regular',
  main_storage_message text,
  stock_transfer_id bigint,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id),
  foreign key (tenant_id, from_warehouse_id) references public.warehouses (tenant_id, id),
  foreign key (tenant_id, to_warehouse_id) references public.warehouses (tenant_id, id),
  foreign key (tenant_id, to_depo_id) references public.depos (tenant_id, id),
  foreign key (tenant_id, stock_transfer_id) references public.stock_transfers (tenant_id, id),
  check ((status = 'received') = (stock_transfer_id is not null))
);
create index stock_orders_list_idx on public.stock_orders (tenant_id, depo_id, ordered_at desc);
alter table public.stock_transfers add foreign key (tenant_id, stock_order_id) references public.stock_orders (tenant_id, id);

create table public.stock_order_line_items (
  tenant_id uuid not null,
  id bigint generated always as identity,
  stock_order_id bigint not null,
  depo_id bigint not null,
  product_id bigint not null,
  amount numeric(12, 2) not null check (amount > 0),
  new_amount numeric(12, 2) check (new_amount >= 0),
  received_amount numeric(12, 2) check (received_amount >= 0),
  packaged_amount numeric(12, 2) check (packaged_amount >= 0),
  primary key (tenant_id, id),
  foreign key (tenant_id, stock_order_id) references public.stock_orders (tenant_id, id) on delete cascade,
  foreign key (tenant_id, product_id) references public.products (tenant_id, id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
create index stock_order_line_items_order_idx on public.stock_order_line_items (tenant_id, stock_order_id);

create table public.manual_counting_documents (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  warehouse_id bigint not null,
  status public.counting_status not null default 'draft',
  counted_at date not null, -- "manually counted at"
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  approved_at timestamptz,
  approved_by uuid references auth.users (id) on delete set null,
  stock_transfer_id bigint,
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id),
  foreign key (tenant_id, warehouse_id) references public.warehouses (tenant_id, id) on delete cascade,
  foreign key (tenant_id, stock_transfer_id) references public.stock_transfers (tenant_id, id),
  check ((status = 'approved') = (approved_at is not null))
);

create table public.manual_counting_document_line_items (
  tenant_id uuid not null,
  id bigint generated always as identity,
  manual_counting_document_id bigint not null,
  depo_id bigint not null,
  product_id bigint not null,
  old_value numeric(12, 2) not null,
  new_value numeric(12, 2),
  value_changed boolean generated always as (new_value is not null and new_value <> old_value) stored,
  primary key (tenant_id, id),
  unique (tenant_id, manual_counting_document_id, product_id),
  foreign key (tenant_id, manual_counting_document_id) references public.manual_counting_documents (tenant_id, id) on delete cascade,
  foreign key (tenant_id, product_id) references public.products (tenant_id, id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);

-- Stock balancing: each transfer line takes its amount out of the from-warehouse and into the to-warehouse.
create function app_private.apply_stock_transfer_line() returns trigger language plpgsql security definer set search_path = '' as $$
declare
  transfer public.stock_transfers;
begin
  select * into transfer from public.stock_transfers t where t.tenant_id = new.tenant_id and t.id = new.stock_transfer_id;
  if transfer.from_warehouse_id is not null then
    insert into public.warehouse_product_balances as b (tenant_id, warehouse_id, product_id, depo_id, balance_amount)
    select new.tenant_id, w.id, new.product_id, w.depo_id, -new.amount from public.warehouses w
    where w.tenant_id = new.tenant_id and w.id = transfer.from_warehouse_id
    on conflict (tenant_id, warehouse_id, product_id) do update set balance_amount = b.balance_amount - new.amount;
  end if;
  if transfer.to_warehouse_id is not null then
    insert into public.warehouse_product_balances as b (tenant_id, warehouse_id, product_id, depo_id, balance_amount)
    select new.tenant_id, w.id, new.product_id, w.depo_id, new.amount from public.warehouses w
    where w.tenant_id = new.tenant_id and w.id = transfer.to_warehouse_id
    on conflict (tenant_id, warehouse_id, product_id) do update set balance_amount = b.balance_amount + new.amount;
  end if;
  return null;
end;
$$;
create trigger stock_transfer_lines_move_balances after insert on public.stock_transfer_line_items
  for each row execute function app_private.apply_stock_transfer_line();

create function app_private.refuse_changing_stock_transfer_lines() returns trigger language plpgsql set search_path = '' as $$
begin
  raise exception 'A stock transfer is final: make a new transfer to correct it' using errcode = '23514';
end;
$$;
create trigger stock_transfer_lines_are_final before update or delete on public.stock_transfer_line_items
  for each row when (pg_trigger_depth() = 0) execute function app_private.refuse_changing_stock_transfer_lines();

select app_private.secure_tenant_table('public.products', '{admin}');
select app_private.secure_depo_table('public.minimum_required_balances', '{admin,depo_admin}');
select app_private.secure_depo_table('public.warehouses', '{admin,depo_admin}');
select app_private.secure_depo_table('public.warehouse_product_balances', '{admin}');
select app_private.secure_depo_table('public.stock_orders', '{admin,depo_admin,support}');
select app_private.secure_depo_table('public.stock_order_line_items', '{admin,depo_admin,support}');
select app_private.secure_depo_table('public.stock_transfers', '{admin,depo_admin,support}');
select app_private.secure_depo_table('public.stock_transfer_line_items', '{admin,depo_admin,support}');
select app_private.secure_depo_table('public.manual_counting_documents', '{admin,depo_admin,support}');
select app_private.secure_depo_table('public.manual_counting_document_line_items', '{admin,depo_admin,support}');
