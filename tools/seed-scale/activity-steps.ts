import type pg from 'pg';
import type { ScalePlan } from './scale-plan.ts';
import { SCALE_TENANT, type ScaleStep } from './scale-steps.ts';

/** How many rows of the tenant's day-to-day activity a scale loads (scale 1: a large customer's two years). */
export function activitySizes(plan: ScalePlan) {
  const at = (full: number) => Math.max(1, Math.round(full * plan.scale));
  return {
    webshopOrders: at(100_000),
    b2bOrders: at(200_000),
    /** Lines of every B2B order. */
    b2bOrderLines: 3,
    feedbacks: at(40_000),
    smsOutbox: at(1_000_000),
    auditRequests: at(500_000),
  };
}

/**
 * The tables the other steps leave empty and whose screens the scale bench reads: web-shop orders (e-shop and
 * B2B kind), B2B orders with their lines, customer feedback, sent SMS, the audit of staff requests and the cars' write-offs. Every value
 * is derived from row numbers (deterministic), every row goes through the tables' own triggers and constraints
 * (the web-shop order versions are written by theirs). The steps find the tenant by its slug, so they run after
 * the other steps of the load, in its transaction.
 */
export function activitySteps(plan: ScalePlan, anchor: string): ScaleStep[] {
  const s = activitySizes(plan);
  const tenant = `(select id from public.tenants where slug = '${SCALE_TENANT}')`;
  const depos = `(select d.id, (row_number() over (order by d.id) - 1)::int as ord from public.depos d where d.tenant_id = ${tenant})`;
  // Orders and SMS spread over the driven days and two weeks ahead; recent ones still new, older ones settled.
  const span = plan.daysBack + 14;
  return [
    {
      step: 'web-shop orders',
      sql: `insert into public.webshop_orders (tenant_id, depo_id, kind, status, eshop_id, delivery_date, delivery_time, total, customer_address,
                                               customer_phone, customer_name, payment_type, call_me, fast_delivery, origin,
                                               external_id, customer_number, comment_for_order, delivery_surcharge, cash_customer, created_at, updated_at)
            select ${tenant}, d.id, k.kind,
                   case when x.day >= '${anchor}'::date - 3 then 'new'::public.order_status
                        when k.kind = 'b2b' and n % 10 = 9 then 'completed'
                        else (array['completed','completed','completed','completed','completed','completed','new','failed','cancelled','pickup'])[1 + n % 10]::public.order_status end,
                   'ES-' || n, x.day, time '10:00' + make_interval(mins => (n % 48) * 10), 50 + (n % 40) * 5,
                   format('%s %s', (array['Hovedgaden','Stationsvej','Skolevej','Kirkevej'])[1 + n % 4], 1 + n % 150),
                   '+4560' || lpad(n::text, 6, '0'), format('Kunde %s', n), (array['card','mobilepay','invoice'])[1 + n % 3],
                   n % 9 = 0, n % 13 = 0, 'web',
                   case when k.kind = 'b2b' then 'B2B-EXT-' || n end, case when k.kind = 'b2b' then 'B-' || (1 + n % 1000) end,
                   case when k.kind = 'b2b' then 'Leveres ved bagdøren' end, case when k.kind = 'b2b' then 25 end, case when k.kind = 'b2b' then n % 2 = 0 end,
                   (x.day - 2)::timestamptz, (x.day - 2)::timestamptz
              from generate_series(0, ${s.webshopOrders - 1}) n
              cross join lateral (select ('${anchor}'::date - ${plan.daysBack} + (n::bigint * ${span} / ${s.webshopOrders})::int) as day) x
              cross join lateral (select case when n % 10 < 7 then 'eshop'::public.webshop_order_kind else 'b2b' end as kind) k
              join ${depos} d on d.ord = n % ${plan.depos}`,
    },
    {
      step: 'B2B orders',
      sql: `insert into public.b2b_orders (tenant_id, b2b_customer_id, customer_number, date, shop_name, exported_at, created_at)
            select b.tenant_id, b.id, b.customer_number, x.day, b.customer_name,
                   case when x.day < '${anchor}'::date - 7 then (x.day + 1)::timestamptz end, x.day::timestamptz
              from generate_series(0, ${s.b2bOrders - 1}) n
              cross join lateral (select ('${anchor}'::date - ${plan.daysBack} + (n::bigint * ${plan.daysBack + 1} / ${s.b2bOrders})::int) as day) x
              join (select c.*, (row_number() over (order by c.id) - 1)::int as i from public.b2b_customers c where c.tenant_id = ${tenant}) b
                on b.i = (n::bigint * 7919) % ${plan.b2bCustomers}
             order by n`,
    },
    {
      step: 'B2B order lines',
      sql: `insert into public.b2b_order_line_items (tenant_id, b2b_order_id, category_name, product_name, quantity, total_line_amount, discount)
            select o.tenant_id, o.id, 'Is', (array['Vanilje 5L','Chokolade 5L','Jordbær 5L','Kegler 24 stk','Pinde 40 stk'])[1 + (o.id + k) % 5],
                   1 + (o.id + k) % 5, (1 + (o.id + k) % 5) * 125, case when k = 1 then 10 else 0 end
              from public.b2b_orders o cross join generate_series(1, ${s.b2bOrderLines}) k
             where o.tenant_id = ${tenant}`,
    },
    // The order's sums follow its lines, as the import leaves them.
    {
      step: 'B2B order totals',
      sql: `update public.b2b_orders o set total_revenue = l.revenue, total_discount = l.discount, total_quantity = l.quantity
              from (select b2b_order_id as id, sum(total_line_amount) as revenue, sum(discount) as discount, sum(quantity) as quantity
                      from public.b2b_order_line_items where tenant_id = ${tenant} group by 1) l
             where o.id = l.id`,
    },
    // Feedback on visited stops: one in four negative, approved (with the manager's comment the rule asks for) after a week.
    {
      step: 'feedback',
      sql: `insert into public.feedbacks (tenant_id, depo_id, plan_event_route_point_id, positive, comment, customer_phone_number, manager_comment,
                                          status, created_at)
            select s.tenant_id, s.depo_id, s.id, s.n % 4 <> 0, case when s.n % 4 = 0 then 'Bilen kom ikke' else 'Tak for isen' end,
                   '+4570' || lpad(s.n::text, 6, '0'), case when s.arrival_date < '${anchor}'::date - 7 then 'Talt med chaufføren' end,
                   case when s.arrival_date < '${anchor}'::date - 7 then 'approved'::public.feedback_status else 'pending' end,
                   s.visited_at + interval '1 hour'
              from (select v.*, (v.r / v.stride)::int as n
                      from (select p.*, row_number() over (order by p.id) - 1 as r,
                                   greatest(1, count(*) over () / ${s.feedbacks}) as stride
                              from public.plan_event_route_points p
                             where p.tenant_id = ${tenant} and p.point_visited and p.arrival_date < '${anchor}'::date) v
                     -- Every stride-th visited stop by ordinal, not by id: ids differ between loads, ordinals do not.
                     where v.r % v.stride = 0) s
             where s.n < ${s.feedbacks}`,
    },
    // Sent SMS of the last 60 days (delivered: nothing left for the dispatcher), to the tenant's customers.
    {
      step: 'SMS outbox',
      sql: `insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, customer_id, phone, text, status, provider, submitted_at, sent_at, status_at, created_at)
            select c.tenant_id, d.id, 'scale:' || n, (array['arrival','arrival','arrival','renotify','template','custom'])[1 + n % 6], c.id, c.phone,
                   'Isbilen kommer om ca. 30 minutter.', 'delivered', 'local', x.at, x.at, x.at, x.at
              from generate_series(0, ${s.smsOutbox - 1}) n
              cross join lateral (select (('${anchor}'::date - 60)::timestamptz + make_interval(secs => n::bigint * 60 * 86400 / ${s.smsOutbox})) as at) x
              join (select c.*, (row_number() over (order by c.id) - 1)::int as i from public.customers c where c.tenant_id = ${tenant}) c
                on c.i = (n::bigint * 7919) % ${plan.customers}
              join ${depos} d on d.ord = n % ${plan.depos}`,
    },
    // The audit of staff requests: the last 90 days, the admin's and the drivers' calls.
    {
      step: 'audit requests',
      sql: `insert into public.user_http_requests (tenant_id, performed_at, user_id, url, referer, controller, action, params, status, method)
            select m.tenant_id, ('${anchor}'::date - 90)::timestamptz + make_interval(secs => n::bigint * 90 * 86400 / ${s.auditRequests}), m.user_id,
                   '/rest/v1/' || (array['plan_events','route_points','customers','rpc/approve_end_of_day_report'])[1 + n % 4],
                   '/scale-is/depo', (array['plan_events','route_points','customers','approve_end_of_day_report'])[1 + n % 4],
                   (array['update','update','insert','approve_end_of_day_report'])[1 + n % 4], jsonb_build_object('id', n),
                   case when n % 50 = 0 then 409 else 200 end, case when n % 4 = 3 then 'POST' else 'PATCH' end
              from generate_series(0, ${s.auditRequests - 1}) n
              join (select tm.tenant_id, tm.user_id, (row_number() over (order by tm.user_id) - 1)::int as i
                      from public.tenant_memberships tm where tm.tenant_id = ${tenant}) m on m.i = n % ${plan.cars + 1}`,
    },
    // Write-offs (the write-off export's rows): each car writes off one unit of two products it holds once a week for
    // eight weeks, a product at most once, so no balance goes below zero (the ledger's trigger keeps the balances).
    {
      step: 'write-off transfers',
      sql: `insert into public.stock_transfers (tenant_id, depo_id, transfered_at, from_warehouse_id, to_warehouse_id, description, kind)
            select w.tenant_id, w.depo_id, ('${anchor}'::date - 7 * k - 1)::timestamptz + time '16:00', w.id, null, 'Smeltet', 'write_off'
              from public.warehouses w cross join generate_series(0, 7) k
             where w.tenant_id = ${tenant} and w.owner_type = 'car'`,
    },
    {
      step: 'write-off lines',
      sql: `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
            select t.tenant_id, t.id, t.depo_id, b.product_id, 1
              from (select t.*, (row_number() over (partition by t.from_warehouse_id order by t.id) - 1)::int as k
                      from public.stock_transfers t where t.tenant_id = ${tenant} and t.kind = 'write_off') t
              join (select b.*, (row_number() over (partition by b.warehouse_id order by b.product_id) - 1)::int as i
                      from public.warehouse_product_balances b where b.tenant_id = ${tenant} and b.balance_amount >= 1) b
                on b.warehouse_id = t.from_warehouse_id and b.i in (t.k * 2, t.k * 2 + 1)`,
    },
    {
      step: 'analyze activity',
      sql: `analyze public.webshop_orders, public.webshop_order_versions, public.b2b_orders, public.b2b_order_line_items, public.feedbacks,
                    public.sms_outbox, public.user_http_requests, public.stock_transfers, public.stock_transfer_line_items, public.warehouse_product_balances`,
    },
  ];
}

/** What those steps loaded, table by table (the test checks them against activitySizes). */
export async function activityCounts(db: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, string>>(
    `with t as (select id from public.tenants where slug = $1)
     select (select count(*) from public.webshop_orders x, t where x.tenant_id = t.id) as webshop_orders,
            (select count(*) from public.webshop_order_versions x, t where x.tenant_id = t.id) as webshop_order_versions,
            (select count(*) from public.b2b_orders x, t where x.tenant_id = t.id) as b2b_orders,
            (select count(*) from public.b2b_order_line_items x, t where x.tenant_id = t.id) as b2b_order_lines,
            (select count(*) from public.feedbacks x, t where x.tenant_id = t.id) as feedbacks,
            (select count(*) from public.sms_outbox x, t where x.tenant_id = t.id) as sms_outbox,
            (select count(*) from public.user_http_requests x, t where x.tenant_id = t.id) as audit_requests,
            (select count(*) from public.stock_transfers x, t where x.tenant_id = t.id and x.kind = 'write_off') as write_offs`,
    [SCALE_TENANT],
  );
  return Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
}
