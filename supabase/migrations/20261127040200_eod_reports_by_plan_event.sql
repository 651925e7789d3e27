-- The calendar reads each plan event's revenue from its end-of-day reports (plan_event_calendar_events, _days):
-- without an index on the plan event, each cell of the week scanned the reports of the tenant.
create index end_of_day_reports_plan_event_idx on public.end_of_day_reports (tenant_id, plan_event_id) where plan_event_id is not null;
