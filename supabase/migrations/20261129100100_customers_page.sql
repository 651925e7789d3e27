-- The customers list's page at scale (issue 15, `npm run bench -- scale`). Read over REST, row-level security made
-- the search blind: `ilike` is not leakproof, so under a policy the planner may neither use it as an index
-- condition (the trigram indexes of 20261129050100 went unused) nor look at the columns' statistics (a phrase was
-- estimated at a few rows whatever it matched). A common phrase ("jensen", 1 customer in 8) read and sorted the
-- whole table; a rare one (a phone) walked every customer by id. This function answers the same page as the
-- screen's REST query did (same filters, `*` a wildcard as PostgREST reads it, newest first) but checks the tenant
-- itself, so the planner sees the search: a common phrase walks the newest ids until the page is full, a rare one
-- is a BitmapOr of the trigram indexes. Members of the tenant, as the table's read policy; else Not found.
create function public.customers_page(
  p_tenant_id uuid,
  p_consent text default null,
  p_search_phrase text default null,
  p_page integer default 1,
  p_per_page integer default 25
)
returns table (
  id bigint,
  email text,
  address text,
  username text,
  name text,
  first_name text,
  last_name text,
  phone text,
  gender public.gender,
  sms_permission boolean
)
language plpgsql stable security definer set search_path = '' as $$
declare
  phrase text := nullif(btrim(coalesce(p_search_phrase, '')), '');
  pattern text := '%' || replace(phrase, '*', '%') || '%';
  per_page integer := least(greatest(coalesce(p_per_page, 25), 1), 50);
begin
  if p_tenant_id is null or not (p_tenant_id = any (app_private.current_user_tenant_ids())) then
    raise exception 'Not found' using errcode = 'PT404';
  end if;
  return query
  select c.id, c.email, c.address, c.username, c.name, c.first_name, c.last_name, c.phone, c.gender, c.sms_permission
    from public.customers c
   where c.tenant_id = p_tenant_id
     and (p_consent is null or (p_consent = 'sms' and c.sms_permission) or (p_consent = 'marketing' and c.marketing_agreement))
     and (phrase is null
          or c.email ilike pattern or c.first_name ilike pattern or c.last_name ilike pattern or c.name ilike pattern
          or c.username ilike pattern or c.phone ilike pattern or c.address ilike pattern)
   order by c.id desc
   limit per_page offset per_page * (least(greatest(coalesce(p_page, 1), 1), 100000) - 1);
end;
$$;
comment on function public.customers_page(uuid, text, text, integer, integer) is
  'One page of a tenant''s retail customers, newest first: consent filter (sms, marketing) and a phrase matched in email, names, username, phone or address. Members of the tenant; otherwise Not found.';
revoke execute on function public.customers_page(uuid, text, text, integer, integer) from public, anon;
grant execute on function public.customers_page(uuid, text, text, integer, integer) to authenticated, service_role;
