import { describe, expect, it } from 'vitest';
import { stackInfo } from '../../support/stack-info.ts';

// Regression examples found by the hostile-input fuzzing: the public address search passed a site segment or a
// search text holding NUL on to Postgres, which cannot store it, and the function died (500 WORKER_ERROR).

async function geocode(query: string): Promise<{ status: number; body: unknown }> {
  const { apiUrl, anonKey } = stackInfo();
  const response = await fetch(`${apiUrl}/functions/v1/geocode?${query}`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
  });
  return { status: response.status, body: await response.json() };
}

describe('the public address search', () => {
  it('answers 404 unknown_site to a site that is no segment (NUL, spaces, 10,000 characters)', async () => {
    for (const site of ['nul\u0000byte', 'd k', 'x'.repeat(10_000)]) {
      expect(await geocode(new URLSearchParams({ site, q: 'Søndergade' }).toString())).toEqual({
        status: 404,
        body: expect.objectContaining({ error: 'unknown_site' }),
      });
    }
  });

  it('answers 422 to a search holding NUL, and still searches an ordinary text', async () => {
    expect(await geocode(new URLSearchParams({ site: 'dk', q: 'Sønder\u0000gade' }).toString())).toEqual({
      status: 422,
      body: expect.objectContaining({ errors: { q: ['is invalid'] } }),
    });
    expect((await geocode(new URLSearchParams({ site: 'dk', q: 'Søndergade' }).toString())).status).toBe(200);
  });
});
