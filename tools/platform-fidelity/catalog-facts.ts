import pg from 'pg';

/**
 * What a project's migrations can notice of the platform before they run: roles and their attributes and
 * settings, memberships, schemas with owner and grants, extensions, default privileges, event triggers and
 * publications. One line per fact, so two clusters compare as two sets of lines.
 */
export async function catalogFacts(dbUrl: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const queries = [
      `select format('role %s: %s%s', rolname,
         concat_ws(' ', case when rolsuper then 'superuser' end, case when rolinherit then 'inherit' else 'noinherit' end,
           case when rolcreaterole then 'createrole' end, case when rolcreatedb then 'createdb' end,
           case when rolcanlogin then 'login' else 'nologin' end, case when rolreplication then 'replication' end,
           case when rolbypassrls then 'bypassrls' end),
         coalesce(' ' || (select string_agg(c, ', ' order by c) from unnest(rolconfig) c), '')) as fact
       from pg_roles where rolname !~ '^pg_'`,
      `select format('member %s in %s%s%s%s', m.rolname, r.rolname, case when a.admin_option then ' admin' else '' end,
         case when a.inherit_option then '' else ' noinherit' end, case when a.set_option then '' else ' noset' end) as fact
       from pg_auth_members a join pg_roles r on r.oid = a.roleid join pg_roles m on m.oid = a.member
       where m.rolname !~ '^pg_' and a.grantor <> a.member`,
      `select format('schema %s owner %s acl %s', nspname, nspowner::regrole,
         coalesce((select string_agg(x::text, ' ' order by x::text) from unnest(nspacl) x), '-')) as fact
       from pg_namespace where nspname !~ '^(pg_|information_schema|_stack)'`,
      `select format('extension %s in %s', extname, extnamespace::regnamespace) as fact from pg_extension`,
      `select format('default privileges of %s in %s on %s: %s', defaclrole::regrole, coalesce(defaclnamespace::regnamespace::text, 'every schema'),
         defaclobjtype, (select string_agg(x::text, ' ' order by x::text) from unnest(defaclacl) x)) as fact from pg_default_acl`,
      `select format('event trigger %s on %s', evtname, evtevent) as fact from pg_event_trigger`,
      `select format('publication %s owner %s', pubname, pubowner::regrole) as fact from pg_publication`,
      `select format('database acl %s', (select string_agg(x::text, ' ' order by x::text) from unnest(datacl) x)) as fact
       from pg_database where datname = current_database()`,
    ];
    const facts = new Set<string>();
    for (const sql of queries) for (const row of (await client.query<{ fact: string }>(sql)).rows) facts.add(row.fact);
    return facts;
  } finally {
    await client.end();
  }
}

export interface FactDiff {
  onlyTheirs: string[];
  onlyOurs: string[];
}

export function diffFacts(theirs: Set<string>, ours: Set<string>): FactDiff {
  return {
    onlyTheirs: [...theirs].filter((f) => !ours.has(f)).sort(),
    onlyOurs: [...ours].filter((f) => !theirs.has(f)).sort(),
  };
}
