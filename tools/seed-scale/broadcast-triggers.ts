import type { ScaleStep } from './scale-steps.ts';

/** The functions of the triggers that announce a public table's row changes on Realtime (live lists). */
const BROADCAST_FUNCTIONS = ['broadcast_row_change', 'broadcast_statement_change'];

/** The public tables with such a trigger, and the triggers, from the catalog (a later table is covered too). */
export const broadcastTriggersSql = `select c.oid::regclass as tbl, t.tgname
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
   where n.nspname = 'public' and not t.tgisinternal
     and p.proname in (${BROADCAST_FUNCTIONS.map((f) => `'${f}'`).join(', ')})`;

/**
 * A load creates a tenant no screen has open, so its millions of rows have nobody to be announced to. Each
 * announcement is a realtime.send, whose exception block is a subtransaction: a million of them in the load's one
 * transaction grew its backend past 20 GB at scale 1. The live-list triggers are off while the load runs and on
 * again as its last step; the lock step took their tables first. A table with deferred checks still pending cannot
 * be altered, so those run first (they would at the commit anyway).
 */
export function broadcastTriggers(state: 'off' | 'on'): ScaleStep {
  const verb = state === 'off' ? 'disable' : 'enable';
  return {
    step: `broadcast triggers ${state}`,
    sql: `do $$
      declare r record;
      begin
        ${state === 'on' ? 'set constraints all immediate;' : ''}
        for r in ${broadcastTriggersSql} loop
          execute format('alter table %s ${verb} trigger %I', r.tbl, r.tgname);
        end loop;
      end $$`,
  };
}
