import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The staff home page says when today's SMS budget is spent and SMS are held (issue 24 item 3). The test spends
// the budget of the romania tenant (no other test sends its SMS), by setting the budget to what it already sent
// today, and holds one queued SMS of its own; it puts the budget back at the end.

const TENANT = 'romania';
const dedupKey = `e2e-budget:${randomUUID()}`;
let budget: number;

test.beforeAll(async () => {
  const [tenant] = await sql<{ id: string; budget: number; spent: number; depo_id: string }>(
    `select t.id, t.sms_daily_budget as budget, app_private.sms_spent_today(t.id) as spent,
            (select d.id from public.depos d where d.tenant_id = t.id order by d.id limit 1) as depo_id
       from public.tenants t where t.slug = $1`,
    [TENANT],
  );
  budget = tenant.budget;
  await sql('update public.tenants set sms_daily_budget = $2 where id = $1', [tenant.id, tenant.spent]);
  // A Romanian mobile number, so only the budget holds it back.
  await sql(
    `insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, phone, text) values ($1, $2, $3, 'custom', '+40712345678', 'Held')`,
    [tenant.id, tenant.depo_id, dedupKey],
  );
});

test.afterAll(async () => {
  await sql('update public.tenants set sms_daily_budget = $2 where slug = $1', [TENANT, budget]);
  await sql('delete from public.sms_outbox where dedup_key = $1', [dedupKey]);
});

test('the home page says the SMS budget is spent and SMS are held, and says nothing once it is raised', async ({
  page,
}) => {
  await signInAs(page, TENANT, `support@${TENANT}.test`);
  const notice = page.getByRole('alert').filter({ hasText: 'SMS budget' });
  await expect(notice).toContainText(
    /^Today's SMS budget of \d+ SMS is spent\. [1-9]\d* SMS (is|are) held in the outbox/,
  );
  // The held SMS is still queued: nothing was lost or sent.
  const [held] = await sql<{ status: string }>('select status::text from public.sms_outbox where dedup_key = $1', [
    dedupKey,
  ]);
  expect(held.status).toBe('queued');

  await sql('update public.tenants set sms_daily_budget = sms_daily_budget + 1000 where slug = $1', [TENANT]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
