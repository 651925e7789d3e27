-- The EOD detail's "Order line items" tab: a report's lines, 100 a page, by line id. Read through PostgREST's
-- to-one embed (eod_order_line_items?eod_orders!inner(...)&eod_orders.end_of_day_report_id=eq.N) the report's
-- filter sits inside a LATERAL subquery with LIMIT 1, which the planner cannot turn into a join: it reads every
-- line item the caller may see and probes its order (a Seq Scan of all POS lines, 360 ms at scale 0.1, growing
-- with the POS history). Here the report's id is a plain column of a joined view, so the plan starts from the
-- report's orders (eod_orders_report_idx) and reaches their lines by eod_order_line_items_order_idx.
-- Security invoker: the caller's RLS on both tables decides, as for the tables themselves.
create view public.eod_report_line_items with (security_invoker = true) as
select l.tenant_id, l.depo_id, o.end_of_day_report_id, l.eod_order_id, l.id, l.category_name, l.product_name, l.wallmob_sku,
       l.quantity, l.total_line_amount, l.discount, l.stock_transfer_id, l.inventory_presence
from public.eod_order_line_items l
join public.eod_orders o on o.tenant_id = l.tenant_id and o.depo_id = l.depo_id and o.id = l.eod_order_id;
comment on view public.eod_report_line_items is 'POS order lines with their report''s id, for the EOD detail''s line items tab; read with the caller''s rights (security invoker).';
revoke all on public.eod_report_line_items from anon, public;
grant select on public.eod_report_line_items to authenticated;
