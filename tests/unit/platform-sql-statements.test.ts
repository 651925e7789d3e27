import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from '../../tools/platform-fidelity/sql-statements.ts';

// The platform runner sends the image's scripts statement by statement, as psql -f does.
describe('splitSqlStatements', () => {
  it('splits at semicolons outside quotes, identifiers, comments and dollar-quoted bodies', () => {
    const script = `-- migrate:up
create role anon nologin; -- trailing; comment
alter role "we;ird" set search_path to '$user;x', public;
/* block; comment */
create function f() returns int language plpgsql as $fn$ begin perform 1; return 2; end $fn$;
do $$ begin raise notice 'a;b'; end $$;
-- migrate:down
`;
    expect(splitSqlStatements(script)).toEqual([
      '-- migrate:up\ncreate role anon nologin',
      `-- trailing; comment\nalter role "we;ird" set search_path to '$user;x', public`,
      '/* block; comment */\ncreate function f() returns int language plpgsql as $fn$ begin perform 1; return 2; end $fn$',
      `do $$ begin raise notice 'a;b'; end $$`,
    ]);
  });

  it('keeps doubled quotes inside strings and a last statement without a semicolon', () => {
    expect(splitSqlStatements(`select 'it''s; fine'; select 1`)).toEqual([`select 'it''s; fine'`, 'select 1']);
  });
});
