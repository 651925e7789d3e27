-- GPS ingestion: pg_cron starts the gps-sync edge function every 5 seconds (pg_net POST with the service role
-- key), and the function holds a lease while it works so that two ticks never overlap: a tick that finds the
-- lease held skips. The function reads the project URL and the key from Vault (secrets `project_url` and
-- `service_role_key`; the local stack stores them at start, a hosted project once, see README "Deploy").
-- Without them the job does nothing.

create table app_private.gps_sync_lease (
  singleton boolean primary key default true check (singleton),
  run_id uuid,
  held_until timestamptz
);
comment on table app_private.gps_sync_lease is
  'The one gps-sync tick that is running, until held_until (a crashed tick frees the lease when it expires).';
insert into app_private.gps_sync_lease default values;

create function public.begin_gps_sync_tick(p_run_id uuid, p_max_seconds integer default 60) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update app_private.gps_sync_lease
     set run_id = p_run_id, held_until = clock_timestamp() + make_interval(secs => greatest(1, least(p_max_seconds, 300)))
   where held_until is null or held_until < clock_timestamp() or run_id = p_run_id;
  return found;
end;
$$;
comment on function public.begin_gps_sync_tick(uuid, integer) is
  'Takes the gps-sync lease for a tick; false while another tick holds it. Service role only.';

create function public.end_gps_sync_tick(p_run_id uuid) returns void
language sql security definer set search_path = '' as $$
  update app_private.gps_sync_lease set run_id = null, held_until = null where run_id = p_run_id;
$$;
comment on function public.end_gps_sync_tick(uuid) is 'Frees the gps-sync lease a tick holds. Service role only.';

revoke execute on function public.begin_gps_sync_tick(uuid, integer) from public, anon, authenticated;
revoke execute on function public.end_gps_sync_tick(uuid) from public, anon, authenticated;
grant execute on function public.begin_gps_sync_tick(uuid, integer) to service_role;
grant execute on function public.end_gps_sync_tick(uuid) to service_role;

create function app_private.request_gps_sync() returns bigint
language plpgsql set search_path = '' as $$
declare
  project_url text;
  service_key text;
begin
  select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'project_url';
  select s.decrypted_secret into service_key from vault.decrypted_secrets s where s.name = 'service_role_key';
  if project_url is null or service_key is null then
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/gps-sync',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
    timeout_milliseconds := 30000
  );
end;
$$;
comment on function app_private.request_gps_sync() is
  'Queues the POST that runs one gps-sync tick (pg_net); the request id, or null when Vault lacks the project URL or key.';
revoke execute on function app_private.request_gps_sync() from public;

select cron.schedule('gps-sync', '5 seconds', $$select app_private.request_gps_sync()$$);
