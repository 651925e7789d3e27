import { expect, test } from '@playwright/test';
import { uniqueTag } from './support/admin-rows.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

test('the users list of a depo filters by status', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/hjem-is\/admin\/depo\/\d+\/users/);
  const grid = page.getByRole('region', { name: 'Users' });
  await expect(grid.locator('.ag-row', { hasText: /(^|[^-])admin@hjem-is\.test/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'inactive' }).check();
  await expect(page).toHaveURL(/statuses/);
  await expect(grid.locator('.ag-row', { hasText: /(^|[^-])admin@hjem-is\.test/ })).toBeVisible();
});

test('creating a user: the depo select follows the role, then the generated password link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tag = uniqueTag();
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/users');
  await page.getByRole('link', { name: 'New user' }).click();
  const form = page.getByRole('form', { name: 'User' });

  // Driver (default): one depo and the franchise checkbox.
  await expect(form.getByLabel('Depo', { exact: true })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Franchise driver' })).toBeVisible();
  await form.getByLabel('Role').selectOption('admin');
  await expect(form.getByLabel('Depo', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Depos', { exact: true })).toHaveCount(0);
  await expect(form.getByRole('checkbox', { name: 'Franchise driver' })).toHaveCount(0);
  await form.getByLabel('Role').selectOption('depo_admin');
  const depos = form.getByLabel('Depos', { exact: true });
  await expect(depos).toHaveJSProperty('multiple', true);
  await form.getByLabel('Role').selectOption('support');
  await expect(form.getByLabel('Depo', { exact: true })).toHaveJSProperty('multiple', false);
  await form.getByLabel('Role').selectOption('driver');

  await form.getByLabel('First name').fill('E2e');
  await form.getByLabel('Last name').fill(`Driver ${tag}`);
  await form.getByLabel('Email').fill(`driver-${tag}@e2e.test`);
  await form.getByLabel('Depo', { exact: true }).selectOption({ label: 'Odense' });
  await form.getByRole('checkbox', { name: 'Franchise driver' }).check();

  // hjem-is uses Wallmob: options come only after typing.
  const wallmob = form.getByLabel('Wallmob user', { exact: true });
  await expect(form.getByRole('list', { name: 'Wallmob user options' })).toHaveCount(0);
  await wallmob.fill('Daniel');
  await form.getByRole('list', { name: 'Wallmob user options' }).getByRole('button', { name: 'Daniel Hjem' }).click();
  await expect(form.getByText('Daniel Hjem (wm-hjem-1001)')).toBeVisible();
  await expect(form.getByLabel('Lakrids driver', { exact: true })).toHaveCount(0);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/hjem-is\/admin\/depo\/\d+\/users\/[0-9a-f-]{36}\/edit/);
  await expect(page.getByRole('status').filter({ hasText: 'User successfully updated' })).toBeVisible();
  const link = page.getByLabel('Generated password URL');
  await expect(link).toHaveValue(/^https?:\/\//);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeVisible();

  // The edit form shows what was saved; a change is saved in place.
  await expect(form.getByLabel('Depo', { exact: true })).toHaveValue(/\d+/);
  await expect(form.getByRole('checkbox', { name: 'Franchise driver' })).toBeChecked();
  await form.getByRole('radio', { name: 'Inactive' }).check();
  const patched = page.waitForResponse(
    (response) => response.url().includes('/functions/v1/admin-users') && response.request().method() === 'PATCH',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await patched).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'User successfully updated' })).toBeVisible();
  await page.reload();
  await expect(form.getByRole('radio', { name: 'Inactive' })).toBeChecked();
});

test('server errors appear under their fields and the values stay', async ({ page }) => {
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await page.goto('/den-norske-isbilen/admin/users');
  await page.getByRole('link', { name: 'New user' }).click();
  const form = page.getByRole('form', { name: 'User' });
  await form.getByLabel('First name').fill('Taken');
  await form.getByLabel('Email').fill('admin@den-norske-isbilen.test');
  // den-norske-isbilen has lakrids: the driver search is there.
  await form.getByLabel('Lakrids driver', { exact: true }).fill('Kari');
  await form
    .getByRole('list', { name: 'Lakrids driver options' })
    .getByRole('button', { name: 'Kari Nordmann' })
    .click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("Last name can't be blank")).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('Taken');
  await expect(form.getByText('Kari Nordmann (4104)')).toBeVisible();
});
