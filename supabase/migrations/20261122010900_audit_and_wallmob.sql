-- The audit log of mutating requests, and the product and customer number lists for the external order system.

create table public.user_http_requests (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  performed_at timestamptz not null default now(),
  user_id uuid references auth.users (id) on delete set null,
  url text not null,
  referer text,
  format text not null default 'json',
  controller text not null, -- the table or function that was called
  action text not null,     -- insert, update, delete or the RPC name
  params jsonb not null default '{}', -- secrets redacted before they are stored
  status integer not null check (status between 100 and 599),
  method text not null check (method in ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')),
  primary key (tenant_id, id),
  unique (id)
);
create index user_http_requests_list_idx on public.user_http_requests (tenant_id, performed_at desc, id desc);
comment on table public.user_http_requests is 'Audit: one row per mutating request. Append-only: nobody can change or delete a row.';

create table public.wallmob_products (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  number text not null check (number ~ '^[0-9A-Za-z-]{1,40}$'),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, number)
);

create table public.wallmob_customers (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  number text not null check (number ~ '^[0-9A-Za-z-]{1,40}$'),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, number)
);

-- The audit log is read by admins only and written by the audit mechanism (service role / definer functions).
alter table public.user_http_requests enable row level security;
grant select on public.user_http_requests to authenticated;
grant all on public.user_http_requests to service_role;
create policy "admins of the tenant can read the audit log" on public.user_http_requests for select to authenticated
  using (tenant_id = any ((select app_private.tenant_ids_where_role('{admin}'))::uuid[]));

select app_private.secure_tenant_table('public.wallmob_products', '{admin}');
select app_private.secure_tenant_table('public.wallmob_customers', '{admin}');
