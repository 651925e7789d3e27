import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';
import { waitForLiveTopic } from './support/live.ts';

// The SMS sent screen: a depo's outbox, newest first, with time, phone, text, status and plan event.

const TEXT = `E2E-SMS ${randomUUID().slice(0, 8)} the truck arrives in about 30 minutes.`;
const LIVE_TEXT = `E2E-SMS-LIVE ${randomUUID().slice(0, 8)} the truck is delayed.`;
let planEventId = 0;

test.beforeAll(async () => {
  // An SMS as the dispatcher writes it (the outbox is written by trusted functions only), in the depo admin's depo.
  const [row] = await sql<{ plan_event_id: string }>(
    `
    insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, plan_event_id, phone, text, status, provider, submitted_at, sent_at)
    select pe.tenant_id, pe.depo_id, 'e2e:' || gen_random_uuid(), 'custom', pe.id, '+4512345678', $1, 'sent', 'local', now(), now()
      from public.plan_events pe
      join public.membership_depos md on md.depo_id = pe.depo_id
      join auth.users u on u.id = md.user_id and u.email = 'depo-admin@hjem-is.test'
     order by pe.id limit 1
    returning plan_event_id`,
    [TEXT],
  );
  planEventId = Number(row.plan_event_id);
});

test.afterAll(async () => {
  await sql('delete from public.sms_outbox where text = any ($1::text[])', [[TEXT, LIVE_TEXT]]);
});

test('a depo admin opens SMS sent from the menu and sees the latest SMS with its status and plan event', async ({
  page,
}) => {
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'SMS sent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SMS sent' })).toBeVisible();
  const row = page.getByRole('region', { name: 'SMS sent' }).getByRole('row').filter({ hasText: TEXT });
  await expect(row).toBeVisible();
  await expect(row).toContainText('+4512345678');
  await expect(row).toContainText('sent');
  await expect(row).toContainText(`#${planEventId}`);
});

test('SMS sent updates live: a message the dispatcher writes, then sends, shows up with its new status without a reload', async ({
  page,
}) => {
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'SMS sent' }).click();
  await expect(page.getByRole('region', { name: 'SMS sent' }).getByRole('row').filter({ hasText: TEXT })).toBeVisible();
  await waitForLiveTopic(page, 'sms_outbox');
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // Written to the outbox under a dispatcher's claim (so the cron dispatcher leaves it alone), then sent: two
  // statements, as the dispatcher makes them.
  const [written] = await sql<{ id: string }>(
    `
    insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, plan_event_id, phone, text, status, claim_token, claim_expires_at)
    select pe.tenant_id, pe.depo_id, 'e2e:' || gen_random_uuid(), 'custom', pe.id, '+4587654321', $1, 'sending', gen_random_uuid(), now() + interval '10 minutes'
      from public.plan_events pe where pe.id = $2
    returning id`,
    [LIVE_TEXT, planEventId],
  );
  const row = page.getByRole('region', { name: 'SMS sent' }).getByRole('row').filter({ hasText: LIVE_TEXT });
  await expect(row).toContainText('sending');
  await sql(
    `update public.sms_outbox set status = 'sent', provider = 'local', submitted_at = now(), sent_at = now() where id = $1`,
    [written.id],
  );
  await expect(row).not.toContainText('sending');
  await expect(row).toContainText('sent');
  expect(reloaded).toBe(false);
});
