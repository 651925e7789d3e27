import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { waitForLiveTopic } from './support/live.ts';
import { ReportWorld, type ReportPlanEvent } from './support/report-world.ts';
import { signInAs } from './support/staff.ts';

// The plan-event report is live for what others do (migration 20261128030100_plan_event_report_live.sql): one
// admin's conversion to a route and a support member's Stop SMS show on the other's open report without a reload.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const TENANT = 'hjem-is';
const world = new ReportWorld(TENANT);
test.afterAll(async () => {
  await world.drop();
});

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Plan event menu' });

async function openAs(browser: Browser, login: string, event: ReportPlanEvent): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, TENANT, `${login}@${TENANT}.test`);
  await page.goto(`/${TENANT}/depo/${event.depoId}/plan_events/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Plan event report' })).toBeVisible();
  await waitForLiveTopic(page, `plan_event_report:${event.id}`);
  return page;
}

test("a conversion by one admin and a Stop SMS by support appear on the other's open report", async ({ browser }) => {
  const event = await world.planEvent();
  const admin = await openAs(browser, 'admin', event);
  const support = await openAs(browser, 'support', event);
  try {
    await expect(support.getByRole('link', { name: event.title })).toHaveCount(0);
    await menuOf(admin).getByRole('button', { name: 'Convert to route', exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Route successfully converted!' })).toBeVisible();
    // Support may not open routes: the chip names the new route without a link.
    await expect(support.locator('.plan-event-report__chip')).toContainText(event.title);

    await expect(menuOf(admin).getByRole('button', { name: 'Stop SMS' })).toBeVisible();
    await menuOf(support).getByRole('button', { name: 'Stop SMS' }).click();
    await expect(support.getByRole('status').filter({ hasText: 'SMS send out stopped successfully' })).toBeVisible();
    await expect(menuOf(admin).getByRole('button', { name: 'Stop SMS' })).toHaveCount(0);
    await expect(menuOf(admin).getByRole('button')).toHaveCount(0);
  } finally {
    await admin.context().close();
    await support.context().close();
  }
});
