-- One tenant flag for the sales export (issue 13 hardening): the export follows tenants.shows_eod_sales_export (the
-- EOD list's export button, the menu entry and the page's guard read the same flag), not the EOD layout.

create or replace function app_private.export_depo(p_depo_id bigint, p_start date, p_end date, p_limit integer)
returns table (tenant_id uuid, time_zone text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_start is null or p_end is null then
    raise exception 'Can''t be blank' using errcode = '23502', column = case when p_start is null then 'start_date' else 'end_date' end;
  end if;
  if p_end < p_start or p_end - p_start > 29 then
    raise exception 'Maximum 30 days interval can be exported ending with "End date"' using errcode = '22023', column = 'start_date';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'The page size must be between 1 and 1000' using errcode = '22023';
  end if;
  return query
    select d.tenant_id, t.time_zone
    from public.depos d join public.tenants t on t.id = d.tenant_id
    where d.id = p_depo_id
      and d.tenant_id = any (app_private.current_user_tenant_ids())
      and d.id = any (app_private.depo_ids_where_role('{admin,depo_admin,support}'))
      and t.shows_eod_sales_export;
  if not found then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
end;
$$;
revoke execute on function app_private.export_depo(bigint, date, date, integer) from public;
