import type { ScaleStep } from './scale-steps.ts';

/**
 * A big insert with its table's plain indexes and foreign keys taken off before and put back after, in the load's
 * one transaction (nobody ever sees the table without them; a failed load rolls the drop back too).
 *
 * Why: at scale 1 the 4,000,000 stops spent most of their time keeping eleven indexes (a GiST among them) row by
 * row and running three foreign-key checks a row. Building an index once over the loaded rows is a sort, and adding
 * a foreign key back validates every row in one anti-join, so Postgres still proves each key (a dangling one fails
 * the load). Unique and primary-key indexes stay: they guard the insert itself and children's keys point at them.
 * Row and statement triggers are untouched. The load locked the table and those its keys point at first
 * (lockScaleTables). The definitions are read from the catalog, so they are put back exactly
 * as the migrations made them.
 */
export function withDeferredKeys(table: string, insert: ScaleStep): ScaleStep[] {
  const saved = `scale_deferred_${table.replace(/\W/g, '_')}`;
  return [
    {
      step: `${insert.step}: indexes and foreign keys off`,
      sql: `create temporary table ${saved} on commit drop as
              select 'index' as kind, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
                from pg_index i
               where i.indrelid = 'public.${table}'::regclass
                 and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
              union all
              select 'foreign key', c.conname, pg_get_constraintdef(c.oid)
                from pg_constraint c where c.conrelid = 'public.${table}'::regclass and c.contype = 'f';
            do $$ declare d record; begin
              for d in select * from ${saved} loop
                if d.kind = 'index' then execute format('drop index %s', d.name);
                else execute format('alter table public.${table} drop constraint %I', d.name); end if;
              end loop;
            end $$`,
    },
    insert,
    {
      step: `${insert.step}: indexes and foreign keys rebuilt`,
      sql: `do $$ declare d record; begin
              for d in select * from ${saved} order by kind desc loop
                if d.kind = 'index' then execute d.def;
                else execute format('alter table public.${table} add constraint %I %s', d.name, d.def); end if;
              end loop;
            end $$;
            drop table ${saved}`,
    },
  ];
}
