import type { ScaleStep } from './scale-steps.ts';

/**
 * A big insert with its table's plain indexes taken off before and built again after, in the load's one transaction
 * (nobody ever sees the table without them; a failed load rolls the drop back too).
 *
 * Why: the stops kept eleven indexes (a GiST among them) row by row; building an index once over the loaded rows is
 * far cheaper. Unique and primary-key indexes stay: they guard the insert itself and children's keys point at them.
 * Foreign keys stay and are checked row by row: taking one off locks the table it points at (tenants, depos)
 * ACCESS EXCLUSIVE, which stops the whole stack. Triggers are untouched. The load locked the table first
 * (lockScaleTables). The definitions are read from the catalog, so they are built again exactly as the migrations
 * made them.
 */
export function withDeferredIndexes(table: string, insert: ScaleStep): ScaleStep[] {
  const saved = `scale_deferred_${table.replace(/\W/g, '_')}`;
  return [
    {
      step: `${insert.step}: indexes off`,
      sql: `create temporary table ${saved} on commit drop as
              select 'index' as kind, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
                from pg_index i
               where i.indrelid = 'public.${table}'::regclass
                 and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
;
            do $$ declare d record; begin
              for d in select * from ${saved} loop
                execute format('drop index %s', d.name);
              end loop;
            end $$`,
    },
    insert,
    {
      step: `${insert.step}: indexes rebuilt`,
      sql: `do $$ declare d record; begin
              for d in select * from ${saved} loop execute d.def; end loop;
            end $$;
            drop table ${saved}`,
    },
  ];
}
