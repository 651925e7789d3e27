import { describe, expect, it } from 'vitest';
import { stackInfo } from '../../support/stack-info.ts';
import { signIn } from './admin/support/staff-users.ts';

// The date-range exports take only days that exist: `9999-99-99` matched the write-off export's pattern, and
// Postgres's refusal of it came back as a 500 (found by `npm run fuzz`).
describe('export date ranges', () => {
  it('refuses a date that is no day with 422 "is invalid", and serves a real range', async () => {
    const admin = await signIn('admin@hjem-is.test');
    const token = (await admin.auth.getSession()).data.session?.access_token ?? '';
    const get = (fn: string, query: string) =>
      fetch(`${stackInfo().apiUrl}/functions/v1/${fn}?tenant=hjem-is&depo_id=1&${query}`, {
        headers: { apikey: stackInfo().anonKey, authorization: `Bearer ${token}` },
      });
    for (const fn of ['write-off-export', 'sales-export']) {
      for (const day of ['9999-99-99', '2026-02-30', '0000-01-01']) {
        const refused = await get(fn, `start_date=2026-01-01&end_date=${day}`);
        expect(refused.status, `${fn} ${day}`).toBe(422);
        expect(await refused.json()).toMatchObject({ errors: { end_date: ['is invalid'] } });
      }
    }
    const served = await get('write-off-export', 'start_date=2026-02-01&end_date=2026-02-28');
    expect(served.status).not.toBe(422);
    await served.body?.cancel();
  });
});
