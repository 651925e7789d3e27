import { expect, test, type Page } from '@playwright/test';
import { uniqueTag } from './support/admin-rows.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

async function openWallmob(page: Page) {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Wallmob' }).click();
  await expect(page.getByRole('heading', { name: 'Wallmob' })).toBeVisible();
}

test('a product number is added, found, refused twice and deleted after the confirmation', async ({ page }) => {
  const number = `E2E-P-${uniqueTag()}`;
  await openWallmob(page);
  await expect(page.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('textbox', { name: 'Number', exact: true }).fill(number);
  await panel.getByRole('button', { name: 'Submit' }).click();
  const grid = panel.getByRole('region', { name: 'Wallmob products' });
  await expect(grid.locator('.ag-row', { hasText: number })).toBeVisible();

  // The same number again: the joined errors.
  await panel.getByRole('textbox', { name: 'Number', exact: true }).fill(number);
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Number has already been taken' })).toBeVisible();

  await panel.getByRole('searchbox', { name: 'Search products' }).fill(number);
  await panel.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(grid.locator('.ag-row')).toHaveCount(1);

  await grid.getByRole('button', { name: `Delete product ${number}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this product?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(grid.locator('.ag-row', { hasText: number })).toBeVisible();
  await grid.getByRole('button', { name: `Delete product ${number}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(grid.locator('.ag-row', { hasText: number })).toHaveCount(0);
});

test('customer numbers: add, delete with the confirmation, a browser alert on failure', async ({ page }) => {
  const number = `E2E-C-${uniqueTag()}`;
  await openWallmob(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  const panel = page.getByRole('tabpanel');
  const grid = panel.getByRole('region', { name: 'Wallmob customers' });
  await panel.getByRole('textbox', { name: 'Number', exact: true }).fill(number);
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(grid.locator('.ag-row', { hasText: number })).toBeVisible();

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await panel.getByRole('textbox', { name: 'Number', exact: true }).fill('not a number!');
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => alerts.length).toBe(1);
  expect(alerts[0]).toContain('Number is invalid');

  await grid.getByRole('button', { name: `Delete customer ${number}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this customer?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(grid.locator('.ag-row', { hasText: number })).toHaveCount(0);
});
