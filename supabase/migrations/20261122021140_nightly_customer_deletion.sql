-- Nightly deletion of retail customers without SMS permission (admin-core §4: unchecking SMS permission
-- shows the hint that the system will delete the customer at night). Their SMS receivers go with them
-- (on delete cascade); feedback they gave keeps its text with customer_id set to null.
-- pg_cron runs the job as postgres at 02:00 UTC (03:00 or 04:00 in Denmark and Norway), every tenant at once.
-- Each deleted row is broadcast to the open customer lists (tenant:<id>:customers); no user made the
-- request, so the audit log does not record it.

create function app_private.delete_customers_without_sms_permission() returns integer
language plpgsql set search_path = '' as $$
declare
  deleted integer;
begin
  delete from public.customers c where not c.sms_permission;
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;
comment on function app_private.delete_customers_without_sms_permission() is
  'Deletes every customer whose SMS permission is off; returns how many. Run nightly by pg_cron as postgres.';
revoke execute on function app_private.delete_customers_without_sms_permission() from public;

select cron.schedule('delete-customers-without-sms-permission', '0 2 * * *',
                     $$select app_private.delete_customers_without_sms_permission()$$);
