import { expect, test, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

const PREFIX = 'E2E-DEPO';

test.afterAll(async () => {
  await sql('delete from public.depos where title like $1', [`${PREFIX}-%`]);
});

const row = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Depos' }).getByRole('row').filter({ hasText: text });

test("the depos list shows the tenant's depos with their columns", async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Depos' }).click();
  await expect(page.getByRole('heading', { name: 'Depos' })).toBeVisible();
  for (const header of ['#', 'Title', 'Address', 'Description', 'Actions']) {
    await expect(
      page.getByRole('region', { name: 'Depos' }).getByRole('columnheader', { name: header, exact: true }),
    ).toBeVisible();
  }
  await expect(row(page, 'Aarhus')).toBeVisible();
  await expect(row(page, 'Odense')).toBeVisible();
  // Another tenant's depos are not listed.
  await expect(row(page, 'Bergen')).toHaveCount(0);
});

test('a depo is created, then edited, with the marketing fields of a marketing SMS tenant', async ({ page }) => {
  const title = uniqueName(PREFIX);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/depos');
  await page.getByRole('link', { name: 'New depo' }).click();

  const form = page.getByRole('form', { name: 'New depo' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("can't be blank")).toBeVisible();

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Made by the depos spec');
  await form.getByLabel('Address').fill('Testvej 1, 8000 Aarhus');
  await form.getByLabel('Latitude').fill('56.15');
  await form.getByLabel('Longitude').fill('10.2');
  await form.getByLabel('SMS text', { exact: true }).fill('The truck is coming');
  await form.getByLabel('Marketing SMS').fill('Buy ice cream');
  await form.getByLabel('AX customer ID').fill('AX-123');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Depo successfully created!' })).toBeVisible();

  const edit = page.getByRole('form', { name: 'Edit depo' });
  await edit.getByLabel('Description').fill('Changed by the depos spec');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Depo successfully updated!' })).toBeVisible();

  const [saved] = await sql(
    'select description, address_lat, marketing_sms, customer_axa_id, sms_text from public.depos where title = $1',
    [title],
  );
  expect(saved).toEqual({
    description: 'Changed by the depos spec',
    address_lat: 56.15,
    marketing_sms: 'Buy ice cream',
    customer_axa_id: 'AX-123',
    sms_text: 'The truck is coming',
  });

  // The list shows it, and the depo switcher offers it at once.
  await page.getByRole('link', { name: 'Back to depos' }).click();
  await expect(row(page, title)).toContainText('Testvej 1, 8000 Aarhus');
  await expect(page.getByRole('banner').getByLabel('Depo').locator('option', { hasText: title })).toHaveCount(1);
  await row(page, title).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('form', { name: 'Edit depo' }).getByLabel('Title')).toHaveValue(title);
});

test('a tenant without marketing SMS gets no marketing fields; a bad coordinate is shown under its field', async ({
  page,
}) => {
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await page.goto('/den-norske-isbilen/admin/depos/new');
  const form = page.getByRole('form', { name: 'New depo' });
  await expect(form.getByLabel('Title')).toBeVisible();
  await expect(form.getByLabel('Marketing SMS')).toHaveCount(0);
  await expect(form.getByLabel('AX customer ID')).toHaveCount(0);

  await form.getByLabel('Title').fill(uniqueName(PREFIX));
  await form.getByLabel('Latitude').fill('north');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('is not a number')).toBeVisible();
  await expect(form.getByLabel('Latitude')).toHaveValue('north');
});

test('a depo admin is not offered the depos screen', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await expect((await mainMenu(page)).getByRole('link', { name: 'Depos' })).toHaveCount(0);
  await expect((await mainMenu(page)).getByRole('link', { name: 'Cars' })).toBeVisible();
});
