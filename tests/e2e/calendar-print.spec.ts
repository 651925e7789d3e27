import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The calendar's print buttons (delivery-operations §2 "Print buttons print the week landscape; one of them prints
// without revenue, in one tenant only"): the tenant flagged in data (hjem-is in the demo data) also gets Print
// without revenue, whose printout has no AVG, AVG trip or Total; another tenant gets Print alone. The browser's
// print dialog is replaced by a counter, and the page is read as printed through print media emulation.

const WEEK = '2037-40';

async function openWeek(page: Page, tenant: string) {
  // Counts print() calls instead of opening the dialog (headless Chromium has none to wait for).
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await signInAs(page, tenant, `admin@${tenant}.test`);
  const [depo] = await sql<{ id: string }>(
    'select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = $1 order by d.id limit 1',
    [tenant],
  );
  await page.goto(`/${tenant}/depo/${depo.id}/plan_event_templates/${WEEK}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Week ${WEEK} `) })).toBeVisible();
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);
const figures = (page: Page) => page.locator('thead .calendar__figures');

test('hjem-is prints the week without revenue, and with it from Print', async ({ page }) => {
  await openWeek(page, 'hjem-is');
  await expect(figures(page)).toHaveCount(7);
  await expect(figures(page).first()).toContainText('AVG trip:');

  await page.getByRole('button', { name: 'Print without revenue' }).click();
  expect(await printed(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  for (const figure of await figures(page).all()) await expect(figure).toBeHidden();
  await expect(page.getByRole('columnheader', { name: /Monday/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print without revenue' })).toBeHidden();

  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  expect(await printed(page)).toBe(2);
  await page.emulateMedia({ media: 'print' });
  await expect(figures(page).first()).toBeVisible();
  await expect(figures(page).first()).toContainText('Total:');
});

test('another tenant prints only with revenue', async ({ page }) => {
  await openWeek(page, 'den-norske-isbilen');
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print without revenue' })).toHaveCount(0);
});
