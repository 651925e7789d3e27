import { expect, test, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

const PREFIX = 'E2E-STOP';

test.afterAll(async () => {
  await sql('delete from public.stop_types where stop_type like $1', [`${PREFIX}-%`]);
});

const row = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Stop types' }).getByRole('row').filter({ hasText: text });

test('a stop type is created with its wait time as hh:mm, listed and edited', async ({ page }) => {
  const name = uniqueName(PREFIX);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Stop types' }).click();
  await expect(page.getByRole('heading', { name: 'Stop types' })).toBeVisible();
  await page.getByRole('link', { name: 'New stop type' }).click();

  const form = page.getByRole('form', { name: 'New stop type' });
  await form.getByLabel('Stop type').fill(name);
  await form.getByLabel('Wait time').fill('1:30');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stop type successfully saved!' })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit stop type' });
  await expect(edit.getByLabel('Wait time')).toHaveValue('01:30');
  const [saved] = await sql<{ wait_time: string }>('select wait_time from public.stop_types where stop_type = $1', [
    name,
  ]);
  expect(saved.wait_time).toBe('1.50');

  await edit.getByLabel('Wait time').fill('00:20');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stop type successfully saved!' })).toBeVisible();
  // The same message followed the create: wait for the row itself.
  await expect
    .poll(
      async () =>
        (await sql<{ wait_time: string }>('select wait_time from public.stop_types where stop_type = $1', [name]))[0]
          ?.wait_time,
    )
    .toBe('0.33');

  await page.getByRole('link', { name: 'Back to stop types' }).click();
  await expect(row(page, name)).toContainText('00:20');
  await row(page, name).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('form', { name: 'Edit stop type' }).getByLabel('Stop type')).toHaveValue(name);
});

test('errors are flashed as the joined full errors plus the page address; typed values stay', async ({ page }) => {
  const name = uniqueName(PREFIX);
  await sql(
    `insert into public.stop_types (tenant_id, stop_type, wait_time) select id, $1, 0.5 from public.tenants where slug = 'hjem-is'`,
    [name],
  );
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/stop_types/new');
  const form = page.getByRole('form', { name: 'New stop type' });

  await form.getByLabel('Stop type').fill(name);
  await form.getByLabel('Wait time').fill('soon');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('is invalid')).toBeVisible();

  await form.getByLabel('Wait time').fill('00:45');
  await form.getByRole('button', { name: 'Save' }).click();
  // The address is the page's path, never the API request (issue 8).
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /^Stop type has already been taken \(\/hjem-is\/admin\/stop_types\/new\)/ }),
  ).toBeVisible();
  await expect(form.getByText('has already been taken')).toBeVisible();
  await expect(form.getByLabel('Wait time')).toHaveValue('00:45');
});
