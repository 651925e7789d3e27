import { expect, test, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

const PREFIX = 'E2E-TPL';

test.afterAll(async () => {
  await sql('delete from public.sms_templates where name like $1', [`${PREFIX}-%`]);
});

const row = (page: Page, text: string) =>
  page.getByRole('region', { name: 'SMS templates' }).getByRole('row').filter({ hasText: text });

test('an SMS template is created, listed and edited', async ({ page }) => {
  const name = uniqueName(PREFIX);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'SMS templates' }).click();
  await expect(page.getByRole('heading', { name: 'SMS templates' })).toBeVisible();
  await page.getByRole('link', { name: 'New SMS template' }).click();

  const form = page.getByRole('form', { name: 'New SMS template' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("can't be blank")).toHaveCount(2);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Text').fill('Hello, the truck comes at {time}');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'SMS template succesfuly updated' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit SMS template' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to SMS templates' }).click();
  await expect(row(page, name)).toContainText('Hello, the truck comes at {time}');
  await row(page, name).getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit SMS template' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Text').fill('Changed text');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'SMS template succesfuly updated' })).toBeVisible();
  // The same message followed the create: wait for the row itself.
  await expect
    .poll(async () => (await sql('select text from public.sms_templates where name = $1', [name]))[0]?.text)
    .toBe('Changed text');
});

test('a template that does not exist shows the error and its address', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/sms_templates/999999/edit');
  // The address is the page's path, never the API query with the tenant id (issue 8).
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /^Not found \(\/hjem-is\/admin\/sms_templates\/999999\/edit\)/ })
      .first(),
  ).toBeVisible();
});
