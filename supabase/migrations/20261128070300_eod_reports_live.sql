-- The EOD list is live (issue 13 hardening): every change of a report (an approval, an edit, a POS sale adding to
-- its totals) is broadcast on depo:<depo id>:end_of_day_reports, as the orders and feedback lists are, so every
-- open list of the depo refetches. The topic's readers are the depo's members, who read the reports (RLS) too.
select app_private.broadcast_changes_of('public.end_of_day_reports');
