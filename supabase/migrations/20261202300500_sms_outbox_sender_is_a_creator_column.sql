-- sms_outbox.sent_by was added after the table's generator ran, so the "done by" trigger did not name it. Re-run the
-- generator with it as a creator column: a client write (none is granted today) could neither forge nor move the
-- sender. sms_outbox_stamp_sender still sets it on every insert, the definer functions' ones included (the generic
-- trigger leaves those alone), and fires after this one (triggers fire by name).
select app_private.stamp_done_by_of('public.sms_outbox', '{sent_by}');
