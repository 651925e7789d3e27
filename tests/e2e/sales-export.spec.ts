import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { mainMenu } from './support/main-menu.ts';
import { signInAs } from './support/staff.ts';

// The sales/transfers export page (delivery-operations §2, §7, §9): the last 7 days by default, the 30-day warning,
// a CSV download; not offered to the ice-cream tenant.

const WARNING = 'Maximum 30 days interval can be exported ending with "End date"';
const dmy = (iso: string) => iso.split('-').reverse().join('-');

test('a tenant without the ice-cream layout exports its sales of the last 7 days as CSV; a longer window is refused', async ({
  page,
}) => {
  const [{ depo, today, week_ago }] = await sql<{ depo: string; today: string; week_ago: string }>(
    `select (select d.id from public.depos d where d.tenant_id = t.id order by d.id limit 1)::text as depo,
            (now() at time zone t.time_zone)::date::text as today, ((now() at time zone t.time_zone)::date - 6)::text as week_ago
       from public.tenants t where t.slug = 'den-norske-isbilen'`,
  );
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Export sales/transfers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export sales/transfers' })).toBeVisible();
  await page.goto(`/den-norske-isbilen/depo/${depo}/sales_export`);
  await expect(page.getByRole('textbox', { name: 'Start date' })).toHaveValue(dmy(week_ago));
  await expect(page.getByRole('textbox', { name: 'End date' })).toHaveValue(dmy(today));
  await expect(page.getByText(WARNING)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export sales' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sales_${week_ago}_${today}.csv`);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'Date,Order ID,POS order,EOD report,Car,Route,Category,Product,SKU,Quantity,Amount,Discount',
  );

  await page.getByRole('textbox', { name: 'Start date' }).fill('01-01-2020');
  await page.getByRole('textbox', { name: 'Start date' }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: WARNING })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export sales' })).toBeDisabled();
});

test('the ice-cream tenant has no sales export in its menu', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await expect((await mainMenu(page)).getByRole('link', { name: 'E-shop orders' })).toBeVisible();
  await expect((await mainMenu(page)).getByRole('link', { name: 'Export sales/transfers' })).toHaveCount(0);
});
