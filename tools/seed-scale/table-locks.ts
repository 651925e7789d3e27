/**
 * SQL that takes `mode` locks on the tables before a load step changes their indexes, keys or triggers, and
 * ACCESS/SHARE ROW EXCLUSIVE on them is held to the commit anyway. Taken up front, and again when the stack's own
 * sessions (cron, the position queue) deadlock with it: the attempt is a subtransaction, so the deadlock victim
 * being this load only costs a retry, not the load.
 */
export function lockTables(tables: string[], mode: 'access exclusive' | 'share row exclusive', alsoReferenced = false): string {
  const list = tables.map((t) => `'public.${t}'`).join(', ');
  return `do $$
    declare
      targets regclass[] := array[${list}]::regclass[];
      referenced regclass[] := case when ${alsoReferenced} then array(
        select distinct c.confrelid::regclass from pg_constraint c
         where c.contype = 'f' and c.conrelid = any(targets) and c.confrelid <> all(targets) order by 1) else '{}' end;
      attempt int := 0;
    begin
      loop
        begin
          execute format('lock table %s in ${mode} mode', array_to_string(targets, ', '));
          if cardinality(referenced) > 0 then
            -- Adding a foreign key back takes this lock on the table it points at.
            execute format('lock table %s in share row exclusive mode', array_to_string(referenced, ', '));
          end if;
          exit;
        exception when deadlock_detected then
          attempt := attempt + 1;
          if attempt >= 20 then raise; end if;
        end;
      end loop;
    end $$`;
}
