import { broadcastTriggersSql } from './broadcast-triggers.ts';

/** Tables whose plain indexes the load takes off and builds again (withDeferredIndexes). */
export const DEFERRED_KEY_TABLES = [
  'customers',
  'b2b_customers',
  'plan_event_route_points',
  'eod_orders',
  'eod_order_line_items',
];
/**
 * Tables with a trigger the load switches off for a while, and the partitioned positions table it adds a day to
 * (and every table with a live-list broadcast trigger: broadcast-triggers.ts).
 */
const TRIGGER_TABLES = ['plan_events', 'end_of_day_reports', 'stop_subscriptions', 'car_positions'];

/**
 * The load's first statement: every lock its later index, key and trigger changes need, taken at once while it
 * holds nothing else, and held to the commit. Taken step by step instead, the stack's own sessions (cron, the GPS
 * writer) deadlocked it: they hold a row lock's table and wait for one the load took earlier. The attempt is a
 * subtransaction, so when this load is the deadlock victim it lets everything go and tries again. The tables a new
 * positions partition's foreign keys point at get SHARE ROW EXCLUSIVE (what adding a foreign key takes).
 */
export function lockScaleTables(): string {
  const list = (tables: string[]) => tables.map((t) => `'public.${t}'`).join(', ');
  return `do $$
    declare
      exclusive regclass[] := array[${list(DEFERRED_KEY_TABLES)}]::regclass[];
      shared regclass[] := array(
        select distinct t from (
          select unnest(array[${list(TRIGGER_TABLES)}]::regclass[]) as t
          union
          select b.tbl from (${broadcastTriggersSql}) b
          union
          select c.confrelid::regclass from pg_constraint c
           where c.contype = 'f' and c.conrelid = 'public.car_positions'::regclass) x
         where t <> all(exclusive) order by 1);
      attempt int := 0;
    begin
      loop
        begin
          execute format('lock table %s in access exclusive mode', array_to_string(exclusive, ', '));
          execute format('lock table %s in share row exclusive mode', array_to_string(shared, ', '));
          exit;
        exception when deadlock_detected then
          attempt := attempt + 1;
          if attempt >= 20 then raise; end if;
        end;
      end loop;
    end $$`;
}
