import { expect as baseExpect, test } from '@playwright/test';
import { makeEodTrip, type EodTrip } from './support/eod-world.ts';
import { signInAs } from './support/staff.ts';

// The EOD detail (/{tenant}/depo/{depoId}/end_of_day_reports/{id}): the title from the trip (date, route, car,
// driver), the Orders tab with an order expanded to its line items, the Order line items tab with the tooltip of
// a product missing from the inventory, and the way back to the list.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

let trip: EodTrip | undefined;
test.afterEach(async () => {
  await trip?.drop();
  trip = undefined;
});

test('orders and their line items, 100 a page, with the inventory tooltip', async ({ page }) => {
  trip = await makeEodTrip('hjem-is', {
    sold: [
      { sku: 'IS-101', quantity: 2, amount: 90 },
      { sku: 'NOT-A-PRODUCT', quantity: 1, amount: 5 },
    ],
  });
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(trip.listUrl());
  await page.getByRole('link', { name: `Orders of report ${trip.reportId}` }).click();
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText(trip.routeName);
  const [year, month, day] = trip.date.split('-');
  await expect(title).toContainText(`${day}-${month}-${year}`);

  const orders = page.getByRole('table', { name: 'Orders' });
  for (const header of ['Time', 'Order ID', 'Total amount', 'Actions'])
    await expect(orders.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(orders.getByRole('row')).toHaveCount(2);
  await orders.getByRole('button', { name: /^Expand order / }).click();
  const items = page.getByRole('table', { name: /^Line items of order / });
  for (const header of ['Category', 'Product', 'Quantity', 'Discount', 'Amount'])
    await expect(items.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(items.getByRole('row', { name: /IS-101/ })).toBeVisible();
  await expect(items.getByRole('row', { name: /^Total/ })).toContainText('95');
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(page.getByText('Page: 1')).toBeVisible();

  await page.getByRole('tab', { name: 'Order line items' }).click();
  const lines = page.getByRole('table', { name: 'Order line items' });
  for (const header of ['Product category', 'Product name', 'SKU', 'Quantity', 'Total', 'Discount', 'Transfer']) {
    await expect(lines.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(
    lines
      .getByRole('row', { name: /NOT-A-PRODUCT/ })
      .getByLabel('Current item is not present in inventory products list!'),
  ).toBeVisible();
  await expect(
    lines.getByRole('row', { name: /IS-101/ }).getByLabel('Current item is not present in inventory products list!'),
  ).toHaveCount(0);

  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'End of day reports', level: 1 })).toBeVisible();
});
