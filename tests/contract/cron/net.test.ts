import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { asPostgres } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';

interface ResponseRow {
  status_code: number | null;
  content_type: string | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

/** Waits for the stack's pg_net worker to write the response of a queued request. */
async function responseOf(id: string, timeoutMs = 10_000): Promise<ResponseRow> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await asPostgres(
      async (db) =>
        (
          await db.query<ResponseRow>(
            `select status_code, content_type, content, timed_out, error_msg from net._http_response where id = $1`,
            [id],
          )
        ).rows,
    );
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no response for request ${id}`);
}

// The gateway wants an API key on every /functions/v1 call; the Bearer is what a cron job would send.
const keyHeaders = () => ({
  'Content-Type': 'application/json',
  apikey: stackInfo().anonKey,
  Authorization: `Bearer ${stackInfo().anonKey}`,
});
const suffix = randomUUID().slice(0, 8);

afterAll(async () => {
  await asPostgres(async (db) => {
    await db.query(`select cron.unschedule(jobname) from cron.job where jobname like $1`, [`%-${suffix}`]);
    await db.query(`delete from vault.secrets where name like $1`, [`%-${suffix}`]);
    await db.query(`drop table if exists public.net_probe_${suffix}`);
  });
});

describe('net.http_* (pg_net stand-in)', () => {
  it('posts to an edge function after commit and stores the response', async () => {
    const id = await asPostgres(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `select net.http_post(url := $1, body := '{"from":"sql"}'::jsonb, headers := $2::jsonb) as id`,
        [`${stackInfo().apiUrl}/functions/v1/health`, JSON.stringify(keyHeaders())],
      );
      return rows[0]?.id ?? '';
    });
    const response = await responseOf(id);
    expect(response).toMatchObject({ status_code: 200, timed_out: false, error_msg: null });
    expect(response.content_type).toContain('application/json');
    expect(JSON.parse(response.content ?? '{}')).toMatchObject({ ok: true });
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const id = await asPostgres(async (db) => {
      await db.query('begin');
      const { rows } = await db.query<{ id: string }>(`select net.http_get($1) as id`, [
        `${stackInfo().apiUrl}/functions/v1/health`,
      ]);
      await db.query('rollback');
      return rows[0]?.id ?? '';
    });
    await expect(responseOf(id, 3_000)).rejects.toThrow('no response');
  });

  it('adds params to the URL and refuses hosts other than loopback and the stack', async () => {
    const ids = await asPostgres(async (db) => {
      const get = await db.query<{ id: string }>(
        `select net.http_get('http://example.com/x', params := '{"q":"a b"}'::jsonb) as id`,
      );
      const queued = await db.query<{ url: string }>(`select url from net.http_request_queue where id = $1`, [
        get.rows[0]?.id,
      ]);
      return { get: get.rows[0]?.id ?? '', queuedUrl: queued.rows[0]?.url };
    });
    // The worker may already have taken it; when not, the URL shows pg_net's encoding.
    if (ids.queuedUrl !== undefined) expect(ids.queuedUrl).toBe('http://example.com/x?q=a%20b');
    const response = await responseOf(ids.get);
    expect(response.status_code).toBeNull();
    expect(response.error_msg).toContain('example.com');
  });

  it('refuses a non-JSON Content-Type for http_post, as pg_net does', async () => {
    await asPostgres(async (db) => {
      await expect(
        db.query(`select net.http_post('http://127.0.0.1/', headers := '{"Content-Type":"text/plain"}'::jsonb)`),
      ).rejects.toThrow('Content-Type header must be "application/json"');
    });
  });
});

describe('Supabase pattern: cron + vault + net calling an edge function', () => {
  it('runs a job that posts to a function, with URL and key from the vault', async () => {
    await asPostgres(async (db) => {
      await db.query(`select vault.create_secret($1, $2)`, [stackInfo().apiUrl, `project_url-${suffix}`]);
      await db.query(`select vault.create_secret($1, $2, 'anon key for cron')`, [
        stackInfo().anonKey,
        `anon_key-${suffix}`,
      ]);
      const secret = await db.query(`select decrypted_secret from vault.decrypted_secrets where name = $1`, [
        `project_url-${suffix}`,
      ]);
      expect(secret.rows).toEqual([{ decrypted_secret: stackInfo().apiUrl }]);

      // The job keeps the ids net.http_post returns, so the test can find exactly its responses.
      await db.query(`create table public.net_probe_${suffix} (request_id bigint not null)`);
      await db.query(`select cron.schedule($1, '1 seconds', $2)`, [
        `call-health-${suffix}`,
        `insert into public.net_probe_${suffix} (request_id) select net.http_post(
           url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url-${suffix}') || '/functions/v1/health',
           headers := jsonb_build_object(
             'Content-Type', 'application/json',
             'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key-${suffix}'),
             'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key-${suffix}')),
           body := jsonb_build_object('time', now()),
           timeout_milliseconds := 5000)`,
      ]);
    });

    const deadline = Date.now() + 15_000;
    let found: { status_code: number; content: string } | undefined;
    while (!found && Date.now() < deadline) {
      found = await asPostgres(async (db) => {
        const { rows } = await db.query<{ status_code: number; content: string }>(
          `select r.status_code, r.content from public.net_probe_${suffix} p join net._http_response r on r.id = p.request_id limit 1`,
        );
        return rows[0];
      });
      if (!found) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(found?.status_code).toBe(200);
    expect(JSON.parse(found?.content ?? '{}')).toMatchObject({ ok: true });
  });
});
