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
    for (const column of ['mobile_number', 'plate_number', 'last_synced_at'])
      expect(await cutCells(cars, column), column).toEqual([]);

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
  await expect(
    cars.locator('.ag-grid-pinned-left-cells [col-id="id"]').filter({ hasText: /^\d+$/ }).first(),
  ).toBeInViewport();
  const actions = cars
    .locator('.ag-grid-pinned-right-cells [col-id="actions"]')
    .filter({ has: page.getByRole('link', { name: 'Edit' }) });
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
  await page.goto(
    `/hjem-is/admin/depo/${await depoId('hjem-is', 'Aarhus')}/customers?search_phrase=no-such-customer-anywhere`,
  );
  const grid = page.getByRole('region', { name: 'Customers' });
  await expect(grid.getByText('No customers found')).toBeVisible();
  await expect(grid.locator('.ag-row')).toHaveCount(0);
});

/** Presses Tab until `target` has the focus (a keyboard user's way there), at most `limit` times. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    // Tab lands on a grid cell, which hands the focus to its control in the next frame (focusControlOf): look after
    // that frame, else a busy machine sees the cell, presses Tab again and skips the control it was about to get.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await expect(target).toBeFocused();
}

test('a row expands and collapses from the keyboard', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${await depoId('hjem-is', 'Aarhus')}/b2b_customers?all_depos=true`);
  const grid = page.getByRole('region', { name: 'B2B customers' });
  const expand = grid.getByRole('button', { name: /^Show details of / }).first();
  await expect(expand).toBeVisible({ timeout: 20_000 });
  const name = ((await expand.getAttribute('aria-label')) ?? '').replace(/^Show details of /, '');

  await page.getByLabel('Search B2B customers').focus();
  await tabTo(page, expand);
  await page.keyboard.press('Enter');
  const collapse = grid.getByRole('button', { name: `Hide details of ${name}` });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect(grid.locator('.ag-full-width-row').first()).toBeVisible();

  await collapse.focus();
  await page.keyboard.press('Space');
  await expect(grid.getByRole('button', { name: `Show details of ${name}` })).toHaveAttribute('aria-expanded', 'false');
});

test("a row's actions are reached with Tab and work with Enter", async ({ page }) => {
  const cars = await openCars(page);
  // Pinned to one car: other tests add cars meanwhile, and "the first Edit" may become another row's while tabbing.
  const firstEdit = cars.getByRole('link', { name: 'Edit' }).first();
  await expect(firstEdit).toBeVisible({ timeout: 20_000 });
  const href = await firstEdit.getAttribute('href');
  expect(href).toMatch(/\/cars\/\d+\/edit$/);
  const edit = cars.locator(`a[href="${href}"]`);
  await page.getByRole('banner').getByLabel('Depo').focus();
  await tabTo(page, edit, 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  // A Delete button in a row: Enter asks first, Escape keeps the row.
  await page.goto('/hjem-is/admin/wallmob');
  const firstRemove = page.getByRole('button', { name: /^Delete product / }).first();
  await expect(firstRemove).toBeVisible({ timeout: 20_000 });
  const remove = page.getByRole('button', { name: (await firstRemove.getAttribute('aria-label')) ?? '', exact: true });
  await page.getByRole('banner').getByLabel('Depo').focus();
  await tabTo(page, remove, 120);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toHaveCount(0);
});
