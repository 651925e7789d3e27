-- Issue 25 item 12: a depo admin saw the minimums of the depos he does not work in as 0/0 (they were 80/8). The
-- form runs as the caller, so RLS hides those depos' minimum rows and the left join, coalesced to 0, invented zeros.
-- The minimums stay depo-scoped (RLS unchanged): the form now says per depo whether the caller may read its
-- minimums (`visible`), and answers null for both amounts where he may not, instead of a number he could trust.
create or replace function public.inventory_product_form(p_product_id bigint)
returns jsonb language plpgsql stable security invoker set search_path = '' as $$
declare
  product public.products;
  is_admin boolean;
  readable bigint[] := app_private.readable_depo_ids();
  result jsonb;
begin
  select * into product from public.products p where p.id = p_product_id;
  if not found then
    raise exception 'Not found' using errcode = 'PT404';
  end if;
  is_admin := product.tenant_id = any (app_private.tenant_ids_where_role('{admin}'));
  result := to_jsonb(product) - 'tenant_id' - 'created_at';
  select result || jsonb_object_agg(f || '_editable', is_admin)
    into result
    from unnest(array['sku', 'description', 'sequence_number', 'packaging_size', 'sales_price', 'tax_type', 'tax_amount',
                      'storage_unit', 'volume', 'status', 'b2b_product']) f;
  return result || jsonb_build_object(
    'minimum_required_balances', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', m.id, 'depo_id', d.id, 'depo_name', d.title,
               'visible', d.id = any (readable),
               -- No row in a readable depo: nothing set there yet, which is 0. An unreadable depo: not known here.
               'minimum_for_depo', case when d.id = any (readable) then coalesce(m.minimum_for_depo, 0) end,
               'minimum_for_cars', case when d.id = any (readable) then coalesce(m.minimum_for_cars, 0) end,
               'editable', d.id = any (app_private.depo_ids_where_role('{admin,depo_admin}'))) order by d.title, d.id)
        from public.depos d
        left join public.minimum_required_balances m on m.tenant_id = d.tenant_id and m.depo_id = d.id and m.product_id = product.id
       where d.tenant_id = product.tenant_id), '[]'::jsonb));
end;
$$;
comment on function public.inventory_product_form(bigint) is
  'A product for its form: fields, <field>_editable flags (admins), and a minimum row per depo with editable (admin, or depo admin of that depo) and visible (the caller works in that depo; otherwise both minimums are null, never an invented 0). Another tenant''s id: Not found.';
