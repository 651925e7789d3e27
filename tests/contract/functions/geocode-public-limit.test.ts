import { afterAll, describe, expect, it } from 'vitest';
import { asPostgres } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';

// The customers' address search (`geocode ?site=`) goes through the one public limiter (issue 24, item 12):
// a tenant on a paid geocoder pays for every search, so a stranger's searches are counted per IP
// (app_private.public_rate_limits, action address_search) and refused with 429 over the limit.

const search = async (q: string, site = 'dk') => {
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/geocode?site=${site}&q=${encodeURIComponent(q)}`, {
    headers: { apikey: stackInfo().anonKey, authorization: `Bearer ${stackInfo().anonKey}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

const forgetCounts = () =>
  asPostgres((db) => db.query(`delete from app_private.rate_limit_counters where action = 'address_search:ip'`));

afterAll(forgetCounts);

describe('the public address search', () => {
  it('counts each search of a caller and answers 429 over the limit, in words a page can show', async () => {
    await forgetCounts();
    expect((await search('Algade')).status).toBe(200);
    // Every test calls from the same address: rather than 100 searches, the caller's count is set to the limit.
    const counted = await asPostgres(async (db) => {
      const { rows } = await db.query<{ hits: number; per_ip: number }>(
        `update app_private.rate_limit_counters c set hits = l.per_ip
           from app_private.public_rate_limits l
          where l.action = 'address_search' and c.action = 'address_search:ip'
         returning c.hits, l.per_ip`,
      );
      return rows;
    });
    expect(counted).toHaveLength(1);
    expect(await search('Algade')).toEqual({
      status: 429,
      body: { error: 'rate_limited', errors: {}, full_errors: ['rate_limited'] },
    });
    await forgetCounts();
    expect((await search('Algade')).status).toBe(200);
  });

  it('does not count a search it refuses or answers without the geocoder', async () => {
    await forgetCounts();
    expect((await search('Algade', 'no-such-site')).status).toBe(404);
    expect(await search('Al')).toEqual({ status: 200, body: [] });
    const { rows } = await asPostgres((db) =>
      db.query(`select hits from app_private.rate_limit_counters where action = 'address_search:ip'`),
    );
    expect(rows).toEqual([]);
  });
});
