-- B2B customers (shops visited by the trucks) and the B2B orders that the external order system reports.

create table public.b2b_customers (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  customer_name text not null check (length(customer_name) between 1 and 160),
  customer_number text not null check (length(customer_number) between 1 and 40), -- the account number
  shop_id text,
  segmentation text,
  address text,
  zip_code text check (length(zip_code) <= 12),
  phone text,
  phone_2 text,
  sales_consultant text,
  notes_about_customer text,
  notes_to_customer text,
  email text,
  sales_district_name text,
  season text,
  payment_method text,
  payment_term text,
  customer_name_2 text,
  opening_week int check (opening_week between 1 and 53),
  shop_open_at time,
  shop_close_at time,
  status public.active_status not null default 'active',
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  unique (tenant_id, customer_number)
);
create index b2b_customers_tenant_status_idx on public.b2b_customers (tenant_id, status, customer_name);

create table public.b2b_customer_depos (
  tenant_id uuid not null,
  b2b_customer_id bigint not null,
  depo_id bigint not null,
  primary key (tenant_id, b2b_customer_id, depo_id),
  foreign key (tenant_id, b2b_customer_id) references public.b2b_customers (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id) on delete cascade
);

create table public.b2b_orders (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  b2b_customer_id bigint,
  customer_number text not null,
  date date not null,
  shop_name text not null,
  total_revenue numeric(12, 2) not null default 0 check (total_revenue >= 0),
  total_discount numeric(12, 2) not null default 0 check (total_discount >= 0),
  total_quantity numeric(12, 2) not null default 0 check (total_quantity >= 0),
  exported_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, b2b_customer_id) references public.b2b_customers (tenant_id, id) on delete set null (b2b_customer_id)
);
create index b2b_orders_tenant_date_idx on public.b2b_orders (tenant_id, date desc, id desc);

create table public.b2b_order_line_items (
  tenant_id uuid not null,
  id bigint generated always as identity,
  b2b_order_id bigint not null,
  category_name text,
  product_name text not null,
  quantity numeric(12, 2) not null check (quantity >= 0),
  total_line_amount numeric(12, 2) not null check (total_line_amount >= 0),
  discount numeric(12, 2) not null default 0 check (discount >= 0),
  primary key (tenant_id, id),
  foreign key (tenant_id, b2b_order_id) references public.b2b_orders (tenant_id, id) on delete cascade
);
create index b2b_order_line_items_order_idx on public.b2b_order_line_items (tenant_id, b2b_order_id);

-- B2B customers are edited only where the tenant flag allows it; that is checked by the write policies below.
alter table public.b2b_customers enable row level security;
grant select, insert, update, delete on public.b2b_customers to authenticated;
grant all on public.b2b_customers to service_role;
create policy "members of the tenant can read" on public.b2b_customers for select to authenticated
  using (tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[]));
create policy "admins can add where the tenant edits B2B customers" on public.b2b_customers for insert to authenticated
  with check (tenant_id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[])
              and tenant_id in (select t.id from public.tenants t where t.can_edit_b2b_customers));
create policy "admins can change where the tenant edits B2B customers" on public.b2b_customers for update to authenticated
  using (tenant_id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[])
         and tenant_id in (select t.id from public.tenants t where t.can_edit_b2b_customers))
  with check (tenant_id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[]));
create policy "admins can delete where the tenant edits B2B customers" on public.b2b_customers for delete to authenticated
  using (tenant_id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[])
         and tenant_id in (select t.id from public.tenants t where t.can_edit_b2b_customers));

select app_private.secure_tenant_table('public.b2b_customer_depos', '{admin}');
select app_private.secure_tenant_table('public.b2b_orders', '{admin}');
select app_private.secure_tenant_table('public.b2b_order_line_items', '{admin}');
