import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgrestServer } from '../../../supabase/stack/postgrest/postgrest.ts';
import { loadApiSettings } from '../../../supabase/stack/postgrest/api-settings.ts';
import { ROOT_DIR } from '../../../supabase/stack/shared/load-config.ts';
import type { StackConfig } from '../../../supabase/stack/shared/stack-config.ts';
import { asPostgres } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';

// The local PostgREST takes `[api] schemas`, `extra_search_path` and `max_rows` from supabase/config.toml, as
// the Supabase CLI does. A second PostgREST, started from a project folder whose config.toml exposes a
// custom schema, proves it end to end.

const suffix = randomUUID().slice(0, 8);
const exposed = `contract_api_${suffix}`;
const extra = `contract_extra_${suffix}`;
let projectDir: string;
let server: PostgrestServer;
let baseUrl: string;

beforeAll(async () => {
  await asPostgres((db) =>
    db.query(`
      -- greet() names greeting() unqualified on purpose: found only through db-extra-search-path.
      set check_function_bodies = off;
      create schema ${exposed};
      create schema ${extra};
      create table ${exposed}.things (id int primary key);
      insert into ${exposed}.things select generate_series(1, 5);
      create function ${extra}.greeting() returns text language sql as $$ select 'found on the extra search path' $$;
      create function ${exposed}.greet() returns text language sql as $$ select greeting() $$;
      grant usage on schema ${exposed}, ${extra} to anon;
      grant select on ${exposed}.things to anon;
      grant execute on function ${exposed}.greet(), ${extra}.greeting() to anon;`),
  );
  projectDir = mkdtempSync(path.join(tmpdir(), 'api-settings-'));
  mkdirSync(path.join(projectDir, 'supabase'));
  writeFileSync(
    path.join(projectDir, 'supabase', 'config.toml'),
    `[api]\nschemas = ["public", "${exposed}"]\nextra_search_path = ["public", "extensions", "${extra}"]\nmax_rows = 2\n`,
  );
  const info = stackInfo();
  // Ten ports above the stack's own four: clear of it and of stacks on neighbouring hundreds.
  const port = info.postgrestPort + 8;
  const config = {
    rootDir: projectDir,
    dataDir: path.join(projectDir, 'data'),
    postgrestPort: port,
    jwtSecret: info.jwtSecret,
    authenticatorDbUrl: `postgresql://authenticator:postgres@127.0.0.1:${info.pgPort}/postgres`,
  } as StackConfig;
  server = new PostgrestServer(config);
  await server.start();
  baseUrl = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (projectDir) rmSync(projectDir, { recursive: true, force: true });
  await asPostgres((db) =>
    db.query(`drop schema if exists ${exposed} cascade; drop schema if exists ${extra} cascade;`),
  );
});

describe('PostgREST settings from supabase/config.toml', () => {
  it('exposes the schemas config.toml lists, with its max_rows', async () => {
    const response = await fetch(`${baseUrl}/things?select=id&order=id`, { headers: { 'accept-profile': exposed } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('puts extra_search_path on every request', async () => {
    const response = await fetch(`${baseUrl}/rpc/greet`, {
      method: 'POST',
      headers: { 'content-profile': exposed, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe('found on the extra search path');
  });

  it('refuses a schema config.toml does not list', async () => {
    const response = await fetch(`${baseUrl}/things`, { headers: { 'accept-profile': extra } });
    expect(response.status).toBe(406);
  });

  it("reads the product's own config.toml", () => {
    expect(loadApiSettings(ROOT_DIR)).toEqual({
      schemas: ['public', 'graphql_public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 1000,
    });
  });
});
