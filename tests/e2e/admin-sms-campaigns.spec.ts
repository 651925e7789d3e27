import { expect, test, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

const PREFIX = 'E2E-CAMP';

test.afterAll(async () => {
  await sql('delete from public.sms_campaigns where name like $1', [`${PREFIX}-%`]);
});

const row = (page: Page, text: string) =>
  page.getByRole('region', { name: 'SMS campaigns' }).getByRole('row').filter({ hasText: text });

test('a campaign is created with DD-MM-YYYY dates, then opens on its edit page', async ({ page }) => {
  const name = uniqueName(PREFIX);
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await (await mainMenu(page)).getByRole('link', { name: 'SMS campaigns' }).click();
  await page.getByRole('link', { name: 'New SMS campaign' }).click();

  const form = page.getByRole('form', { name: 'New SMS campaign' });
  await expect(form.getByLabel('Include subscribe info')).toBeDisabled();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Text').fill('Summer sale');
  await form.getByRole('textbox', { name: 'Start date' }).fill('01-06-2026');
  await form.getByRole('textbox', { name: 'Start date' }).press('Tab');
  await form.getByRole('textbox', { name: 'End date' }).fill('30-06-2026');
  await form.getByRole('textbox', { name: 'End date' }).press('Tab');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Sms Campaign saved successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/den-norske-isbilen\/admin\/sms_campaigns\/\d+\/edit/);
  const edit = page.getByRole('form', { name: 'Edit SMS campaign' });
  await expect(edit.getByRole('textbox', { name: 'Start date' })).toHaveValue('01-06-2026');
  await expect(edit.getByRole('textbox', { name: 'End date' })).toHaveValue('30-06-2026');

  await edit.getByLabel('Text').fill('Summer sale, all month');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sms Campaign saved successfully!' })).toBeVisible();
  // The same message followed the create: wait for the row itself.
  await expect
    .poll(
      async () =>
        (
          await sql(
            "select text, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, include_subscribe_info from public.sms_campaigns where name = $1",
            [name],
          )
        )[0],
    )
    .toEqual({
      text: 'Summer sale, all month',
      start_date: '2026-06-01',
      end_date: '2026-06-30',
      include_subscribe_info: false,
    });

  await page.getByRole('link', { name: 'Back to SMS campaigns' }).click();
  await expect(row(page, name)).toContainText('01-06-2026');
  await expect(row(page, name)).toContainText('30-06-2026');
});

test('missing dates are shown under their fields and the typed text is kept', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/sms_campaigns/new');
  const form = page.getByRole('form', { name: 'New SMS campaign' });
  await form.getByLabel('Name').fill(uniqueName(PREFIX));
  await form.getByLabel('Text').fill('kept');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("can't be blank")).toHaveCount(2);
  await expect(form.getByLabel('Text')).toHaveValue('kept');
  await expect(page).toHaveURL(/\/sms_campaigns\/new/);
});
