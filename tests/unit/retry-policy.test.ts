import { describe, expect, it } from 'vitest';
import { retryDelayMs, shouldRetryRead } from '../../src/shared/query/retry-policy.ts';
import { RequestError } from '../../src/shared/supabase/request-error.ts';

const failure = (status: number, code = '', message = 'x') =>
  new RequestError({ message, status, path: '/rest/v1/cars', code });

describe('the retry of failed reads', () => {
  it('tries again while the database or REST restarts (503, a dropped connection), three times with backoff', () => {
    const restarting = failure(503, 'PGRST001', 'Database client error. Retrying the connection.');
    expect([0, 1, 2, 3].map((count) => shouldRetryRead(count, restarting))).toEqual([true, true, true, false]);
    expect(shouldRetryRead(0, new TypeError('fetch failed'))).toBe(true);
    expect(shouldRetryRead(0, failure(0, '', 'Failed to fetch'))).toBe(true);
    expect([0, 1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('shows a refusal or another server error at once: it would answer the same again', () => {
    for (const refused of [
      failure(401),
      failure(403, '42501'),
      failure(404, 'PGRST116'),
      failure(400, '22P02'),
      failure(409, '23505'),
      failure(500, 'XX000'),
    ]) {
      expect(shouldRetryRead(0, refused)).toBe(false);
    }
  });
});
