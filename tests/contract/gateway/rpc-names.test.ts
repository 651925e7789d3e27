import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../support/raw-http.ts';
import { stackInfo } from '../../support/stack-info.ts';

// Regression examples found by the hostile-input fuzzing: PostgREST's "Perhaps you meant" hint for an unknown
// function or argument costs time quadratic in the name, so one anon call with a 10,000-character name kept it
// busy for 30 s (and the gateway answered 503 under load). No Postgres name passes 63 bytes: the gateway refuses
// such calls at once with PostgREST's code, and passes every other call through unchanged.

const LONG = 'n'.repeat(10_000);

function headers(contentType?: string): Record<string, string> {
  const { anonKey } = stackInfo();
  return {
    apikey: anonKey,
    authorization: `Bearer ${anonKey}`,
    ...(contentType ? { 'content-type': contentType } : {}),
  };
}

async function timed(
  call: () => Promise<{ status: number; text: string }>,
): Promise<{ status: number; code: unknown; ms: number }> {
  const started = Date.now();
  const answer = await call();
  return {
    status: answer.status,
    code: (JSON.parse(answer.text) as { code?: unknown }).code,
    ms: Date.now() - started,
  };
}

describe('an RPC call naming something longer than any Postgres name', () => {
  const cases: Array<[string, () => Promise<{ status: number; text: string }>]> = [
    [
      'a function name',
      () =>
        rawRequest(stackInfo().apiUrl, {
          method: 'POST',
          path: `/rest/v1/rpc/${LONG}`,
          headers: headers('application/json'),
          body: '{}',
        }),
    ],
    [
      'an argument in the query string',
      () => rawRequest(stackInfo().apiUrl, { path: `/rest/v1/rpc/public_site?${LONG}=1`, headers: headers() }),
    ],
    [
      'an argument in a JSON body',
      () =>
        rawRequest(stackInfo().apiUrl, {
          method: 'POST',
          path: '/rest/v1/rpc/public_site',
          headers: headers('application/json'),
          body: JSON.stringify({ [LONG]: 1 }),
        }),
    ],
    [
      'an argument in a form body',
      () =>
        rawRequest(stackInfo().apiUrl, {
          method: 'POST',
          path: '/rest/v1/rpc/public_site',
          headers: headers('application/x-www-form-urlencoded'),
          body: `${LONG}=1`,
        }),
    ],
    [
      'an argument of one object of a JSON array',
      () =>
        rawRequest(stackInfo().apiUrl, {
          method: 'POST',
          path: '/rest/v1/rpc/public_site',
          headers: headers('application/json'),
          body: JSON.stringify([{ segment: 'dk' }, { [LONG]: 1 }]),
        }),
    ],
  ];
  for (const [what, call] of cases) {
    it(`is refused at once with 404 PGRST202: ${what}`, async () => {
      const answer = await timed(call);
      expect({ status: answer.status, code: answer.code }).toEqual({ status: 404, code: 'PGRST202' });
      expect(answer.ms).toBeLessThan(2_000);
    });
  }
});

describe('RPC calls with ordinary names', () => {
  it('still reach PostgREST with a JSON body, a form body and a chunked body', async () => {
    const { apiUrl } = stackInfo();
    const json = await fetch(`${apiUrl}/rest/v1/rpc/public_site`, {
      method: 'POST',
      headers: headers('application/json'),
      body: JSON.stringify({ segment: 'dk' }),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual([expect.objectContaining({ slug: 'hjem-is' })]);
    const form = await fetch(`${apiUrl}/rest/v1/rpc/public_site`, {
      method: 'POST',
      headers: headers('application/x-www-form-urlencoded'),
      body: 'segment=dk',
    });
    expect(await form.json()).toEqual([expect.objectContaining({ slug: 'hjem-is' })]);
    const chunked = await fetch(`${apiUrl}/rest/v1/rpc/public_site`, {
      method: 'POST',
      headers: headers('application/json'),
      body: new Blob([JSON.stringify({ segment: 'dk' })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(await chunked.json()).toEqual([expect.objectContaining({ slug: 'hjem-is' })]);
  });

  it('still answers 413 to an RPC body over the 1 MB limit sent without a length', async () => {
    const { apiUrl } = stackInfo();
    const big = JSON.stringify({ segment: 'x'.repeat(1_100_000) });
    const answer = await fetch(`${apiUrl}/rest/v1/rpc/public_site`, {
      method: 'POST',
      headers: headers('application/json'),
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
  });
});
