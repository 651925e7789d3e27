-- "Done by" columns are the database's (issue 24, item 10). Until now a client write that set an actor column
-- (processed_by, handled_by, approved_by, converted_by: who did the action the row records) was stamped with the
-- writer, and one that cleared it was let through: support PATCHed end_of_day_reports.processed_by and became the
-- approver of a report it never approved, or erased the approver. Only the functions and triggers that do the
-- action (approve_end_of_day_report, the feedback review trigger, the counting approval, convert_to_route) set an
-- actor column; a client write may not set, change or clear one. Creator columns (created_by and the named ones)
-- keep their rule: the writer on insert, never changed after.
-- The rule lives in the one trigger function every table with such columns gets from stamp_done_by_of (called by
-- the table generators), so a new *_by column is guarded by construction; tests/serial/grants-catalogue.test.ts
-- fails for a *_by column the trigger does not name.
create or replace function app_private.stamp_done_by() returns trigger
language plpgsql set search_path = '' as $$
declare
  arg text;
  kind text;
  col text;
  me uuid := auth.uid();
  new_row jsonb := to_jsonb(new);
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  stamped jsonb := '{}';
begin
  if not app_private.is_client_role() then
    return new;
  end if;
  foreach arg in array tg_argv loop
    kind := split_part(arg, ':', 1);
    col := split_part(arg, ':', 2);
    if kind = 'creator' then
      stamped := stamped || jsonb_build_object(col, case when tg_op = 'INSERT' then to_jsonb(me) else old_row -> col end);
    elsif tg_op = 'INSERT' then
      -- A row a client adds records no action yet: the function that does it names who did.
      stamped := stamped || jsonb_build_object(col, null);
    elsif new_row -> col is distinct from old_row -> col then
      raise exception '% is set by the database and cannot be changed', col
        using errcode = '42501', hint = col;
    end if;
  end loop;
  if stamped <> '{}' then
    new := jsonb_populate_record(new, stamped);
  end if;
  return new;
end;
$$;
revoke execute on function app_private.stamp_done_by() from public;
comment on function app_private.stamp_done_by() is
  'Row trigger of the "done by" columns on client writes: creator:<col> is the writer on insert and never changes; actor:<col> is null on insert and a client may not change it (42501).';
