-- B2B orders export (admin-core §2 /b2b_orders, §4): the ticked orders as CSV, one line per line item
-- (an order without items gets one line with empty item columns), and exported_at set on them so the
-- list's Exported at column shows it when the screen reloads.
-- Runs as the caller (security invoker): members may read orders, but only the tenant's admins may change
-- them, so a caller who can see an order it cannot mark as exported gets 42501 and nothing is exported.
-- The CSV follows RFC 4180 (CRLF line ends, quotes where needed); text that a spreadsheet would run as a
-- formula (starting with = + - @) is prefixed with an apostrophe.

create function app_private.csv_field(value text, is_text boolean default true) returns text
language sql immutable set search_path = '' as $$
  select case
    when value is null then ''
    else (select case when v ~ '[",\r\n]' or v <> btrim(v) then '"' || replace(v, '"', '""') || '"' else v end
            from (select case when is_text and value ~ '^[=+@-]' then '''' || value else value end as v) x)
  end;
$$;
comment on function app_private.csv_field(text, boolean) is 'One CSV field (RFC 4180 quoting; formulas in text neutralised).';
revoke execute on function app_private.csv_field(text, boolean) from public;
grant execute on function app_private.csv_field(text, boolean) to authenticated;

create function public.export_b2b_orders_csv(p_order_ids bigint[]) returns text
language plpgsql volatile security invoker set search_path = '' as $$
declare
  readable integer;
  exported integer;
  header constant text := 'order id,Customer ID,Date,Shop name,Total revenue,Total discount,Total quantity,'
                          'Category name,Product name,Quantity,Total line amount,Discount';
  body text;
begin
  select count(*) into readable from public.b2b_orders o where o.id = any (p_order_ids);
  with marked as (
    update public.b2b_orders o set exported_at = now() where o.id = any (p_order_ids) returning o.id
  )
  select count(*) into exported from marked;
  if exported < readable then
    raise exception 'Only admins can export B2B orders' using errcode = '42501';
  end if;

  select string_agg(concat_ws(',',
           app_private.csv_field(o.id::text, false), app_private.csv_field(o.customer_number),
           app_private.csv_field(to_char(o.date, 'YYYY-MM-DD'), false), app_private.csv_field(o.shop_name),
           app_private.csv_field(o.total_revenue::text, false), app_private.csv_field(o.total_discount::text, false),
           app_private.csv_field(o.total_quantity::text, false),
           app_private.csv_field(li.category_name), app_private.csv_field(li.product_name),
           app_private.csv_field(li.quantity::text, false), app_private.csv_field(li.total_line_amount::text, false),
           app_private.csv_field(li.discount::text, false)) || E'\r\n',
         '' order by o.date desc, o.id desc, li.id)
    into body
    from public.b2b_orders o
    left join public.b2b_order_line_items li on li.tenant_id = o.tenant_id and li.b2b_order_id = o.id
   where o.id = any (p_order_ids);
  return header || E'\r\n' || coalesce(body, '');
end;
$$;
comment on function public.export_b2b_orders_csv(bigint[]) is
  'CSV of the given B2B orders with their line items; marks them exported. Admins only (RLS on b2b_orders).';
revoke execute on function public.export_b2b_orders_csv(bigint[]) from public, anon;
grant execute on function public.export_b2b_orders_csv(bigint[]) to authenticated;
