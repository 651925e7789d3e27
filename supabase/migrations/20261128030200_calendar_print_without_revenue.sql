-- The calendar's second print button prints the week without its revenue figures (delivery-operations §2 "Print
-- buttons ... one of them prints without revenue, in one tenant only"): tenant data, as every tenant flag is.
alter table public.tenants add column prints_calendar_without_revenue boolean not null default false;
comment on column public.tenants.prints_calendar_without_revenue is
  'The plan-event calendar offers ''Print without revenue'' (the week printed without AVG, AVG trip and Total).';
