-- Web-shop and B2B web-shop orders delivered by the trucks, their lines and change history; customer feedback.

create type public.webshop_order_kind as enum ('eshop', 'b2b');
create type public.order_status as enum ('new', 'completed', 'failed', 'cancelled', 'pickup');
create type public.feedback_status as enum ('pending', 'approved');

create table public.webshop_orders (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  kind public.webshop_order_kind not null default 'eshop',
  status public.order_status not null default 'new',
  eshop_id text,
  comment text,
  printed_at timestamptz,
  delivery_date date not null,
  delivery_time time,
  total numeric(12, 2) not null default 0 check (total >= 0),
  route_id bigint,
  plan_event_route_point_id bigint,
  customer_address text,
  customer_phone text,
  customer_name text,
  payment_type text,
  call_me boolean not null default false,
  fast_delivery boolean not null default false,
  origin text,
  lat double precision, lng double precision,
  -- B2B web-shop orders only.
  external_id text,
  customer_number text,
  comment_for_order text,
  delivery_surcharge numeric(12, 2) check (delivery_surcharge >= 0),
  cash_customer boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id),
  foreign key (tenant_id, route_id) references public.routes (tenant_id, id),
  foreign key (tenant_id, plan_event_route_point_id) references public.plan_event_route_points (tenant_id, id) on delete set null (plan_event_route_point_id),
  -- Pickup exists on the ice-cream web shop only, never on B2B orders.
  check (not (kind = 'b2b' and status = 'pickup'))
);
create index webshop_orders_list_idx on public.webshop_orders (tenant_id, depo_id, kind, status, delivery_date);

create table public.webshop_order_line_items (
  tenant_id uuid not null,
  id bigint generated always as identity,
  webshop_order_id bigint not null,
  depo_id bigint not null,
  product_sku text not null,
  product_description text,
  quantity numeric(12, 2) not null check (quantity > 0),
  price numeric(12, 2) not null default 0 check (price >= 0),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, webshop_order_id) references public.webshop_orders (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
create index webshop_order_line_items_order_idx on public.webshop_order_line_items (tenant_id, webshop_order_id);

create table public.webshop_order_versions (
  tenant_id uuid not null,
  id bigint generated always as identity,
  webshop_order_id bigint not null,
  depo_id bigint not null,
  serialized_object jsonb not null, -- stop_id, depo_id, delivery_date, route_id, updated_at, comment, status
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, webshop_order_id) references public.webshop_orders (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
create index webshop_order_versions_order_idx on public.webshop_order_versions (tenant_id, webshop_order_id, created_at);

create table public.feedbacks (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  plan_event_route_point_id bigint,
  customer_id bigint,
  positive boolean not null,
  comment text check (length(comment) <= 2000), -- written by the customer
  customer_phone_number text,
  manager_comment text check (length(manager_comment) <= 2000),
  status public.feedback_status not null default 'pending',
  handled_by uuid references auth.users (id) on delete set null,
  handled_by_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id),
  foreign key (tenant_id, plan_event_route_point_id) references public.plan_event_route_points (tenant_id, id) on delete set null (plan_event_route_point_id),
  foreign key (tenant_id, customer_id) references public.customers (tenant_id, id) on delete set null (customer_id),
  -- A negative feedback is approved only with a manager comment.
  check (status = 'pending' or positive or coalesce(length(trim(manager_comment)), 0) > 0)
);
create index feedbacks_list_idx on public.feedbacks (tenant_id, depo_id, status, created_at desc);

select app_private.secure_depo_table('public.webshop_orders', '{admin,depo_admin,support}');
select app_private.secure_depo_table('public.webshop_order_line_items', '{admin,depo_admin,support}');
select app_private.secure_depo_table('public.webshop_order_versions', '{admin,depo_admin,support}');
select app_private.secure_depo_table('public.feedbacks', '{admin,depo_admin,support}');
