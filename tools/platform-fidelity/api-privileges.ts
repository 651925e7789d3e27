import pg from 'pg';

/**
 * What the API roles may do with each table, view, sequence and function the migrations made in the exposed
 * schema public (effective privileges, however granted: explicitly, by default privileges or through PUBLIC).
 * Compared between our bootstrap and the image's, it shows what the platform's default privileges add.
 */
export async function apiPrivileges(dbUrl: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ fact: string }>(`
      with api(role) as (values ('anon'), ('authenticated'), ('service_role')),
      rel as (
        select c.oid, format('%s %s', case c.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'view' else 'table' end, c.relname) as name, c.relkind
        from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S') and not c.relispartition
      )
      select format('%s: %s %s', rel.name, api.role, p.priv) as fact
      from rel cross join api
      cross join lateral unnest(case when rel.relkind = 'S' then array['SELECT', 'UPDATE', 'USAGE']
        else array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'] end) p(priv)
      where case when rel.relkind = 'S' then has_sequence_privilege(api.role, rel.oid, p.priv) else has_table_privilege(api.role, rel.oid, p.priv) end
      union all
      select format('function %s: %s EXECUTE', f.oid::regprocedure, api.role)
      from pg_proc f cross join api
      where f.pronamespace = 'public'::regnamespace and has_function_privilege(api.role, f.oid, 'EXECUTE')
        -- Functions of extensions living in public would follow the extension, not the project.
        and not exists (select from pg_depend d where d.objid = f.oid and d.deptype = 'e')`);
    return new Set(rows.map((r) => r.fact));
  } finally {
    await client.end();
  }
}
