-- The customers list's search at scale (issue 15, `npm run bench -- scale`): the screen matches a phrase in any of
-- seven columns (`or=(email.ilike.*x*,...)`, src/features/customers/customer-list-search.ts); only the address had
-- a trigram index, so one column without one made every search read the whole table (a Seq Scan of the tenant's
-- customers). With a trigram index per searched column the search is a BitmapOr of index scans.
create index customers_email_trgm_idx on public.customers using gin (tenant_id, email extensions.gin_trgm_ops);
create index customers_first_name_trgm_idx on public.customers using gin (tenant_id, first_name extensions.gin_trgm_ops);
create index customers_last_name_trgm_idx on public.customers using gin (tenant_id, last_name extensions.gin_trgm_ops);
create index customers_name_trgm_idx on public.customers using gin (tenant_id, name extensions.gin_trgm_ops);
create index customers_username_trgm_idx on public.customers using gin (tenant_id, username extensions.gin_trgm_ops);
create index customers_phone_trgm_idx on public.customers using gin (tenant_id, phone extensions.gin_trgm_ops);
