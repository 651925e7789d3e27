import { expect, test } from '@playwright/test';
import { createCustomer } from './support/admin-rows.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

test("an admin's change shows up first in the Audit list, with its params in the detail", async ({ page }) => {
  const customer = await createCustomer('hjem-is');
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  // A change made through the app is recorded.
  await page.goto(`/hjem-is/admin/customers/${customer.id}/edit`);
  const form = page.getByRole('form', { name: 'Customer' });
  await form.getByLabel('Username').fill(`audit-${customer.id}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Customer succesfully updated' })).toBeVisible();

  await (await mainMenu(page)).getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
  const grid = page.getByRole('region', { name: 'Audit' });
  for (const header of ['Performed at', 'User', 'Email', 'Role', 'Url']) {
    await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeAttached();
  }
  const newest = grid.locator('.ag-row[row-index="0"]');
  await expect(newest).toContainText('admin@hjem-is.test');
  await expect(newest).toContainText('/rest/v1/customers');

  await newest.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/hjem-is\/admin\/user_http_requests\/\d+$/);
  await expect(page.getByRole('heading', { name: /Audit request #\d+/ })).toBeVisible();
  await expect(page.getByLabel('Params')).toContainText(`"username": "audit-${customer.id}"`);
  await expect(page.getByText('PATCH')).toBeVisible();
});

test('at most 50 rows per page', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/user_http_requests');
  const rows = page.getByRole('region', { name: 'Audit' }).locator('.ag-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(50);
});

test('depo admins have no Audit', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await expect((await mainMenu(page)).getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.goto('/hjem-is/admin/user_http_requests');
  await expect(
    page.getByRole('alert').filter({ hasText: 'You are not authorized to access this page.' }),
  ).toBeVisible();
  // The refusal takes the page's place on its own address, and no audit data is shown.
  await expect(page).toHaveURL(/\/hjem-is\/admin\/user_http_requests$/);
  await expect(page.getByRole('region', { name: 'Audit' })).toHaveCount(0);
});
