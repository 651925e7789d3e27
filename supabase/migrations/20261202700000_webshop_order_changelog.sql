-- The web-shop order changelog as a person reads it (issue 25 item 6; delivery-operations §3 "Order version":
-- serialized_object and user.full_name): each version with its writer's name and the names behind the ids it
-- recorded (route title, stop address, depo title), so the screen shows no raw ids and says who changed what.
--   * security_invoker: a caller sees the versions, routes, stops and depos their own policies let them read; a name
--     the caller may not read (a route of the depo an order was moved from) stays null and the screen says so.
--   * The writer's name comes from app_private.staff_full_name (a support member reads no other membership, so the
--     profile policy alone would hide a colleague's name); null for the web shop and trusted jobs (no writer).

create view public.webshop_order_changelog with (security_invoker = true) as
select v.tenant_id, v.id, v.webshop_order_id, v.depo_id, v.created_at, v.user_id,
       app_private.staff_full_name(v.tenant_id, v.user_id) as user_full_name,
       (v.serialized_object ->> 'status') as status,
       (v.serialized_object ->> 'delivery_date')::date as delivery_date,
       (v.serialized_object ->> 'route_id')::bigint as route_id,
       r.name as route_name,
       (v.serialized_object ->> 'stop_id')::bigint as stop_id,
       s.address as stop_address,
       s.position as stop_position,
       (v.serialized_object ->> 'depo_id')::bigint as recorded_depo_id,
       d.title as recorded_depo_title,
       (v.serialized_object ->> 'comment') as comment
from public.webshop_order_versions v
left join public.routes r on r.tenant_id = v.tenant_id and r.id = (v.serialized_object ->> 'route_id')::bigint
left join public.plan_event_route_points s on s.tenant_id = v.tenant_id and s.id = (v.serialized_object ->> 'stop_id')::bigint
left join public.depos d on d.tenant_id = v.tenant_id and d.id = (v.serialized_object ->> 'depo_id')::bigint;

comment on view public.webshop_order_changelog is
  'Versions of web-shop orders with the writer''s name and the names of the route, stop and depo each recorded; read with the caller''s rights (security invoker).';
comment on column public.webshop_order_changelog.tenant_id is 'The tenant of the order.';
comment on column public.webshop_order_changelog.id is 'The version (webshop_order_versions.id).';
comment on column public.webshop_order_changelog.webshop_order_id is 'The order the version belongs to.';
comment on column public.webshop_order_changelog.created_at is 'When the change was made.';
comment on column public.webshop_order_changelog.user_id is 'Who made the change (auth user); null for the web shop or a trusted job.';
comment on column public.webshop_order_changelog.depo_id is 'The depo the order is in now (versions follow a moved order): the row''s access scope.';
comment on column public.webshop_order_changelog.user_full_name is 'Who made the change (staff name); null for the web shop or a trusted job.';
comment on column public.webshop_order_changelog.status is 'The order status the version recorded.';
comment on column public.webshop_order_changelog.delivery_date is 'The delivery date the version recorded.';
comment on column public.webshop_order_changelog.route_id is 'The route the version recorded.';
comment on column public.webshop_order_changelog.route_name is 'That route''s name; null when none or not readable by the caller.';
comment on column public.webshop_order_changelog.stop_id is 'The plan-event stop (plan_event_route_points.id) the version recorded.';
comment on column public.webshop_order_changelog.stop_address is 'That stop''s address; null when none or not readable by the caller.';
comment on column public.webshop_order_changelog.stop_position is 'That stop''s number on its trip.';
comment on column public.webshop_order_changelog.recorded_depo_id is 'The depo the version recorded (the order''s depo at that time).';
comment on column public.webshop_order_changelog.recorded_depo_title is 'That depo''s title.';
comment on column public.webshop_order_changelog.comment is 'The order comment the version recorded.';

revoke all on public.webshop_order_changelog from anon, public;
grant select on public.webshop_order_changelog to authenticated;
