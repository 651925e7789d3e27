-- Consent customers can prove (issue 24 item 2): every change of a customer's SMS permission or marketing
-- agreement leaves a record of what changed, to what, when, from which source, on which page and with the exact
-- consent text the person saw. The record is written by a trigger on customers, so no write path can skip it; the
-- trusted functions (public subscribe, unsubscribe links) say where the change came from through transaction-local
-- settings; a change without a stated source is a signed-in member's (staff) or the system's.

-- Consents are off unless a person gives them.
alter table public.customers alter column marketing_agreement set default false;

create table public.customer_consent_records (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  customer_id bigint not null,
  consent text not null check (consent in ('sms', 'marketing')),
  granted boolean not null,
  source text not null check (source in ('public_page', 'staff', 'unsubscribe_link', 'sms', 'system')),
  page text check (length(page) <= 300),
  consent_text text check (length(consent_text) <= 2000),
  staff_user_id uuid,
  recorded_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, customer_id) references public.customers (tenant_id, id) on delete cascade
);
comment on table public.customer_consent_records is
  'History of a customer''s consents: one row per change of SMS permission or marketing agreement, written by the customers trigger only; staff read it.';
comment on column public.customer_consent_records.consent is 'Which consent changed: sms (SMS before the truck comes) or marketing (offers by SMS).';
comment on column public.customer_consent_records.granted is 'The consent''s value after the change: true given, false withdrawn or not given.';
comment on column public.customer_consent_records.source is
  'Where the change came from: public_page (subscribe confirmed with the SMS code), staff (a signed-in member), unsubscribe_link (tracking or unsubscribe link), sms (a reply by SMS), system (imports, demo data, maintenance).';
comment on column public.customer_consent_records.page is 'The page (path) the person was on, when known.';
comment on column public.customer_consent_records.consent_text is 'The exact consent text the person was shown, when the change came from a page with one.';
comment on column public.customer_consent_records.staff_user_id is 'The signed-in staff member who made the change (source staff).';
comment on column public.customer_consent_records.recorded_at is 'When the consent changed.';
create index customer_consent_records_customer_idx on public.customer_consent_records (tenant_id, customer_id, recorded_at desc);
-- Read by the tenant's staff; no client role writes (the trigger below is the only writer).
select app_private.secure_tenant_table('public.customer_consent_records', '{}');
select app_private.fix_keys_of('public.customer_consent_records');

-- The source a trusted function states for the consent changes of its transaction (the trigger reads it).
create function app_private.state_consent_source(source text, page text, sms_text text default null, marketing_text text default null)
returns void
language sql volatile set search_path = '' as $$
  select set_config('app_private.consent_source', source, true),
         set_config('app_private.consent_page', coalesce(left(page, 300), ''), true),
         set_config('app_private.consent_text_sms', coalesce(left(sms_text, 2000), ''), true),
         set_config('app_private.consent_text_marketing', coalesce(left(marketing_text, 2000), ''), true);
$$;
revoke execute on function app_private.state_consent_source(text, text, text, text) from public;
comment on function app_private.state_consent_source(text, text, text, text) is
  'Names the source, page and consent texts of the consent changes the calling trusted function makes in this transaction.';

create function app_private.record_consent_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- A trusted function states its source; a client cannot (app_private settings are not reachable over the API),
  -- so a change without one is a signed-in member's (staff over REST) or, without a caller, the system's.
  stated text := nullif(current_setting('app_private.consent_source', true), '');
  source text := coalesce(stated, case when auth.uid() is not null then 'staff' else 'system' end);
  page text := case when stated is not null then nullif(current_setting('app_private.consent_page', true), '') end;
  staff uuid := case when source = 'staff' then auth.uid() end;
begin
  if tg_op = 'INSERT' or new.sms_permission is distinct from old.sms_permission then
    insert into public.customer_consent_records (tenant_id, customer_id, consent, granted, source, page, consent_text, staff_user_id)
    values (new.tenant_id, new.id, 'sms', new.sms_permission, source, page,
            case when stated is not null then nullif(current_setting('app_private.consent_text_sms', true), '') end, staff);
  end if;
  if tg_op = 'INSERT' or new.marketing_agreement is distinct from old.marketing_agreement then
    insert into public.customer_consent_records (tenant_id, customer_id, consent, granted, source, page, consent_text, staff_user_id)
    values (new.tenant_id, new.id, 'marketing', new.marketing_agreement, source, page,
            case when stated is not null then nullif(current_setting('app_private.consent_text_marketing', true), '') end, staff);
  end if;
  return null;
end;
$$;
revoke execute on function app_private.record_consent_changes() from public;
comment on function app_private.record_consent_changes() is
  'Customers trigger: records every change of sms_permission and marketing_agreement in customer_consent_records.';
create trigger consent_changes_recorded after insert or update of sms_permission, marketing_agreement on public.customers
  for each row execute function app_private.record_consent_changes();

-- The customers of today, each with the consents they have now, as where their history starts.
insert into public.customer_consent_records (tenant_id, customer_id, consent, granted, source, recorded_at)
select c.tenant_id, c.id, k.consent, case k.consent when 'sms' then c.sms_permission else c.marketing_agreement end,
       'system', c.created_at
  from public.customers c cross join (values ('sms'), ('marketing')) k(consent);

-- Unsubscribe by link (tracking page menu, the unsubscribe page of a link): the same as before, recorded as such.
create or replace function public.unsubscribe_public_customer(customer_uuid uuid, sms boolean, marketing boolean) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  c record;
begin
  perform app_private.enforce_public_rate_limit('unsubscribe', customer_uuid::text);
  select cu.tenant_id, cu.id into c from public.customers cu where cu.uuid = customer_uuid;
  if c.id is null then
    return 'not_found';
  end if;
  if not (coalesce(sms, false) or coalesce(marketing, false)) then
    return 'already_unsubscribed';
  end if;
  perform app_private.state_consent_source('unsubscribe_link', 'unsubscribe page');
  return app_private.unsubscribe_customer(c.tenant_id, c.id, coalesce(sms, false), coalesce(marketing, false));
end;
$$;

create or replace function public.public_tracking_unsubscribe(customer_uuid uuid, route_sms boolean default true, marketing_sms boolean default true) returns text
language plpgsql security definer set search_path = '' as $$
declare
  who public.customers;
  full_stop boolean;
begin
  perform app_private.enforce_public_rate_limit('tracking_unsubscribe', null);
  if not coalesce(route_sms, false) and not coalesce(marketing_sms, false) then
    raise exception 'Nothing to unsubscribe from' using errcode = '22023';
  end if;
  select * into who from public.customers c where c.uuid = customer_uuid;
  if who.id is null then
    return 'not_found';
  end if;
  perform app_private.state_consent_source('unsubscribe_link', 'tracking page');
  full_stop := coalesce(route_sms, false) and (coalesce(marketing_sms, false) or not who.marketing_agreement);
  if route_sms then
    update public.stop_subscriptions set unsubscribed_at = now()
     where tenant_id = who.tenant_id and customer_id = who.id and unsubscribed_at is null;
    delete from public.sms_receivers r
     where r.tenant_id = who.tenant_id and r.customer_id = who.id
       and r.sms_sent_at is null and r.sms_queued_at is null and r.sms_sent_skipped_at is null;
  end if;
  update public.customers
     set marketing_agreement = case when marketing_sms then false else marketing_agreement end,
         sms_permission = case when full_stop then false else sms_permission end,
         updated_at = now()
   where tenant_id = who.tenant_id and id = who.id;
  return 'unsubscribed';
end;
$$;
