import { expect, test, type Locator, type Page } from '@playwright/test';
import { depoId } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

test.describe.configure({ timeout: 90_000 });

/** The cells of a column whose text does not fit (cut off or hidden behind an ellipsis). */
async function cutCells(grid: Locator, colId: string): Promise<string[]> {
  const cells = grid.locator(`.ag-row [col-id="${colId}"]`);
  await expect(cells.first()).toBeVisible();
  return cells.evaluateAll((elements) =>
    elements
      .filter((cell) => {
        const value = cell.querySelector('.ag-cell-value') ?? cell;
        return value.scrollWidth > value.clientWidth + 1 || cell.scrollWidth > cell.clientWidth + 1;
      })
      .map((cell) => cell.textContent ?? ''),
  );
}

async function openCars(page: Page) {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${await depoId('hjem-is', 'Aarhus')}/cars`);
  return page.getByRole('region', { name: 'Cars' });
}

for (const viewport of [
  { name: 'a 1440 px screen', width: 1440, height: 900 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test(`phone numbers, plates and dates are never cut on ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const cars = await openCars(page);
    for (const column of ['mobile_number', 'plate_number', 'last_synced_at']) expect(await cutCells(cars, column), column).toEqual([]);

    await page.goto(`/hjem-is/admin/depo/${await depoId('hjem-is', 'Aarhus')}/customers`);
    const customers = page.getByRole('region', { name: 'Customers' });
    expect(await cutCells(customers, 'phone')).toEqual([]);
    // The page itself never scrolls sideways: a wide table scrolls inside its own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('on a narrow screen the first and Actions columns stay in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cars = await openCars(page);
  // Body cells (not the header's) of the pinned sections.
  await expect(cars.locator('.ag-grid-pinned-left-cells [col-id="id"]').filter({ hasText: /^\d+$/ }).first()).toBeInViewport();
  const actions = cars.locator('.ag-grid-pinned-right-cells [col-id="actions"]').filter({ has: page.getByRole('link', { name: 'Edit' }) });
  await expect(actions.first()).toBeInViewport();
});

test('tables show dates in the tenant format and their count', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/sms_campaigns');
  const grid = page.getByRole('region', { name: 'SMS campaigns' });
  const starts = grid.locator('.ag-row [col-id="start_date"]');
  await expect(starts.first()).toBeVisible();
  // hjem-is writes DD-MM-YYYY, never the ISO form.
  for (const text of await starts.allTextContents()) expect(text).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  await expect(page.getByTestId('table-count')).toHaveText(/^\d+ records?$/);
});

test('an empty list says so', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${await depoId('hjem-is', 'Aarhus')}/customers?search_phrase=no-such-customer-anywhere`);
  const grid = page.getByRole('region', { name: 'Customers' });
  await expect(grid.getByText('No customers found')).toBeVisible();
  await expect(grid.locator('.ag-row')).toHaveCount(0);
});
