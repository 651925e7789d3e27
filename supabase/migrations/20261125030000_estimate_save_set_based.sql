-- Arrival estimates to their figure (issue 9: a 60-stop refresh, p95 <= 20 ms). A save rewrites up to every stop
-- of a plan event every 30 s, so what runs per saved stop is kept to the row write itself:
--   * no index has google_estimate_time in its key any more, so a re-estimate is a HOT update (no index entries);
--   * the SMS receivers follow the estimate in one statement that finds them by index, and the save no longer
--     runs the local SMS dispatcher inline: a 5-second dispatcher tick picks up what became due;
--   * SMS receivers (and the SMS outbox, now live too) broadcast one message per depo per statement instead of
--     one per row.

-- Nothing looks stops up by (tenant, estimate); its key changed on every re-estimate and blocked HOT updates.
drop index public.plan_event_route_points_estimate_idx;
-- Room on each page for the new version of a re-estimated stop (HOT needs the same page).
alter table public.plan_event_route_points set (fillfactor = 85);

-- When a stop's estimate moves: pending receivers follow it; a receiver whose SMS went out gets one update when
-- the truck now comes more than renotify_slip_minutes later than the SMS said (renotified_at closes it). One
-- statement, receivers found by (tenant_id, plan_event_route_point_id); nothing is sent from here.
create or replace function app_private.sms_follow_estimate() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.sms_receivers r
     set sms_should_send_at = case when r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null
                                   then n.google_estimate_time - make_interval(mins => d.sms_lead_minutes)
                                   else r.sms_should_send_at end,
         renotify_should_send_at = case when r.sms_estimate_at_send is not null and r.renotify_should_send_at is null
                                             and r.renotified_at is null and n.point_visited is null
                                             and n.google_estimate_time > r.sms_estimate_at_send + make_interval(mins => s.renotify_slip_minutes)
                                        then now() else r.renotify_should_send_at end
    from new_points n
    join old_points o on o.id = n.id
    join public.depos d on d.id = n.depo_id
    cross join app_private.sms_settings s
   where r.tenant_id = n.tenant_id and r.plan_event_route_point_id = n.id
     and n.google_estimate_time is distinct from o.google_estimate_time
     and ((r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null)
          or (r.sms_estimate_at_send is not null and r.renotify_should_send_at is null and r.renotified_at is null
              and n.point_visited is null
              and n.google_estimate_time > r.sms_estimate_at_send + make_interval(mins => s.renotify_slip_minutes)));
  return null;
end;
$$;

-- Whether the dispatcher has anything to do: each test reads a small partial index.
create function app_private.sms_dispatch_due() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.sms_receivers r
                  where r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null and r.sms_should_send_at <= now())
      or exists (select 1 from public.sms_receivers r where r.renotify_should_send_at is not null and r.renotified_at is null
                    and r.renotify_should_send_at <= now())
      or exists (select 1 from public.sms_outbox o where o.status in ('queued', 'sending')
                    and (o.status = 'queued' or (o.submitted_at is null and o.claim_expires_at < now())));
$$;
revoke execute on function app_private.sms_dispatch_due() from public;

-- The tick, now every 5 seconds (an estimate change that makes an SMS due no longer dispatches inside the
-- save): housekeeping always, the dispatcher only when something is due.
create or replace function app_private.sms_dispatch_tick() returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.sms_expire_claims();
  if not app_private.sms_dispatch_due() then
    return;
  end if;
  if exists (select 1 from vault.decrypted_secrets s where s.name = 'sms_dispatch_url') then
    perform app_private.sms_wake_dispatcher();
  else
    -- Several rounds, so a backlog drains quickly.
    for i in 1 .. 20 loop
      exit when app_private.sms_dispatch_locally(500) = 0 and not app_private.sms_dispatch_due();
    end loop;
  end if;
end;
$$;
revoke execute on function app_private.sms_dispatch_tick() from public;

select cron.schedule('sms-dispatch', '5 seconds', $$select app_private.sms_dispatch_tick()$$);

-- Live lists by statement: one broadcast per depo per statement on depo:<depo id>:<table>, event the operation,
-- payload { operation, table, schema, count, ids (the first 100) }. Screens refetch on any event, so a batch of
-- 500 receivers or SMS costs one message, not 500. The transition table is named changed_rows on every event.
create function app_private.broadcast_statement_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into realtime.messages (id, payload, event, topic, private, extension)
  select gen_random_uuid(),
         jsonb_build_object('operation', tg_op, 'table', tg_table_name, 'schema', tg_table_schema, 'count', count(*),
                            'ids', (array_agg(c.id order by c.id))[1:100]),
         tg_op, format('depo:%s:%s', c.depo_id, tg_table_name), true, 'broadcast'
    from changed_rows c
   group by c.depo_id;
  return null;
end;
$$;
comment on function app_private.broadcast_statement_change() is
  'Statement trigger: one broadcast per depo on depo:<depo_id>:<table> for the rows a statement changed (security definer: only the database sends on these topics).';
revoke execute on function app_private.broadcast_statement_change() from public;

create function app_private.broadcast_statement_changes_of(tbl regclass) returns void
language plpgsql set search_path = '' as $$
begin
  execute format('create trigger broadcast_inserts after insert on %s referencing new table as changed_rows '
                 'for each statement execute function app_private.broadcast_statement_change()', tbl);
  execute format('create trigger broadcast_updates after update on %s referencing new table as changed_rows '
                 'for each statement execute function app_private.broadcast_statement_change()', tbl);
  execute format('create trigger broadcast_deletes after delete on %s referencing old table as changed_rows '
                 'for each statement execute function app_private.broadcast_statement_change()', tbl);
end;
$$;
revoke execute on function app_private.broadcast_statement_changes_of(regclass) from public;

drop trigger broadcast_changes on public.sms_receivers;
select app_private.broadcast_statement_changes_of('public.sms_receivers');
-- The SMS sent screen is live: the dispatcher writes the outbox in batches.
select app_private.broadcast_statement_changes_of('public.sms_outbox');

-- The save: one statement per table. The stops are updated and the staff message and every changed stop's
-- public message are written in one insert.
create or replace function public.save_arrival_estimates(p_plan_event_id bigint, p_estimates jsonb)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  event record;
  changed integer;
begin
  if jsonb_typeof(p_estimates) is distinct from 'array' then
    raise exception 'estimates must be a JSON array of {id, at}' using errcode = '22023';
  end if;
  select pe.tenant_id, pe.depo_id into event from public.plan_events pe where pe.id = p_plan_event_id;
  if not found then
    raise exception 'plan event % does not exist', p_plan_event_id using errcode = 'P0002';
  end if;

  with input as (
    select distinct on (e.id) e.id, e.at
    from jsonb_to_recordset(p_estimates) as e(id bigint, at timestamptz)
    where e.id is not null and e.at is not null
    order by e.id
  ), updated as (
    update public.plan_event_route_points p
       set google_estimate_time = i.at,
           -- The plan is kept: only a stop that never had an estimate takes this one as its original.
           original_google_estimate_time = coalesce(p.original_google_estimate_time, i.at)
      from input i
     where p.tenant_id = event.tenant_id and p.id = i.id and p.plan_event_id = p_plan_event_id
       and p.point_visited is null
       and (p.google_estimate_time is distinct from i.at or p.original_google_estimate_time is null)
    returning p.id, p.uuid, p.position, p.google_estimate_time, p.original_google_estimate_time
  ), stops as (
    select u.uuid, to_jsonb(u) as stop, u.position, u.id from updated u
  ), messages as (
    insert into realtime.messages (id, payload, event, topic, private, extension)
    select gen_random_uuid(), jsonb_build_object('plan_event_id', p_plan_event_id, 'stops', jsonb_agg(s.stop order by s.position, s.id)),
           'arrival_estimates', format('depo:%s:arrival_estimates', event.depo_id), true, 'broadcast'
      from stops s having count(*) > 0
    union all
    select gen_random_uuid(), s.stop, 'arrival_estimate', 'stop:' || s.uuid, true, 'broadcast' from stops s
    returning 1
  )
  select count(*) into changed from stops;
  return changed;
end;
$$;
