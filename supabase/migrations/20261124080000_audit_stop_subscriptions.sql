-- Staff write SMS subscriptions (support subscribes a customer on the phone), so their requests are audited
-- like every other table staff can write (tests/db/audit.test.ts checks that none is missing).
select app_private.audit_writes_to('public.stop_subscriptions');
