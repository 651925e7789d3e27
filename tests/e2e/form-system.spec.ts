import { expect, test } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// Issue 8, forms: one date picker in DD-MM-YYYY, client rules that mirror the database, creates that a double
// click cannot repeat, and the edit title after a create.

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
});

test('campaign dates: typed DD-MM-YYYY, picked from the calendar by keyboard, shown DD-MM-YYYY; no native date input', async ({
  page,
}) => {
  const name = uniqueName('E2E-PICKER');
  await page.goto('/hjem-is/admin/sms_campaigns/new');
  const form = page.getByRole('form', { name: 'New SMS campaign' });
  await expect(form.locator('input[type="date"]')).toHaveCount(0);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Text').fill('Picked');
  const start = form.getByRole('textbox', { name: 'Start date' });
  await expect(start).toHaveAttribute('placeholder', 'DD-MM-YYYY');
  await start.fill('05-08-2026');

  // The end date from the calendar, opened on the typed day and worked by keyboard.
  const end = form.getByRole('textbox', { name: 'End date' });
  await end.fill('20-08-2026');
  await form.getByRole('button', { name: 'Choose end date' }).click();
  const calendar = page.getByRole('dialog', { name: 'End date calendar' });
  await expect(calendar.getByRole('grid', { name: 'August 2026' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: '20 August 2026' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(calendar.getByRole('button', { name: '28 August 2026' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect(end).toHaveValue('28-08-2026');

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/hjem-is\/admin\/sms_campaigns\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit SMS campaign' })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit SMS campaign' });
  await expect(edit.getByRole('textbox', { name: 'Start date' })).toHaveValue('05-08-2026');
  await expect(edit.getByRole('textbox', { name: 'End date' })).toHaveValue('28-08-2026');
  const [saved] = await sql<{ start_date: string; end_date: string }>(
    "select to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date from public.sms_campaigns where name = $1",
    [name],
  );
  expect(saved).toEqual({ start_date: '2026-08-05', end_date: '2026-08-28' });

  // A US-style date is no date here: refused under its field, what was typed stays.
  await edit.getByRole('textbox', { name: 'End date' }).fill('08/31/2026');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('is invalid')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'End date' })).toHaveValue('08/31/2026');
  await sql('delete from public.sms_campaigns where name = $1', [name]);
});

test('a wallmob number "abc" is refused on the client and nothing is saved', async ({ page }) => {
  await page.goto('/hjem-is/admin/wallmob');
  const panel = page.getByRole('tabpanel');
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/wallmob_') && request.method() === 'POST') requests.push(request.url());
  });
  await panel.getByRole('textbox', { name: 'Number', exact: true }).fill('abc');
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(panel.getByText('Number is invalid')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Number', exact: true })).toHaveValue('abc');
  expect(await sql("select id from public.wallmob_products where number = 'abc'")).toHaveLength(0);
  expect(requests).toHaveLength(0);
});

test('double-clicking Save on a new car creates one car, shows no error and moves to its edit page titled Edit car', async ({
  page,
}) => {
  const number = uniqueName('E2E-DBL');
  const aarhus = await depoId('hjem-is', 'Aarhus');
  await page.goto(`/hjem-is/admin/depo/${aarhus}/cars/new`);
  await expect(page.getByRole('heading', { name: 'New car' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New car' });
  await form.getByLabel('Internal number').fill(number);
  await form.getByLabel('Plate number').fill('DB 12121');
  await form.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page).toHaveURL(/\/cars\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit car' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New car' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Car: ${number} successfully created!` })).toBeVisible();
  await expect(page.getByText(/has already been taken|Internal Server Error/)).toHaveCount(0);
  expect(await sql('select id from public.cars where internal_number = $1', [number])).toHaveLength(1);
  await sql('delete from public.cars where internal_number = $1', [number]);
});

test('double-clicking Save in Create B2B Customer creates one customer and shows no error', async ({ page }) => {
  const number = uniqueName('E2E-DBL-B2B');
  await page.goto('/hjem-is/admin/b2b_customers');
  await page.getByRole('button', { name: 'Create B2B Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new B2B Customer' });
  await dialog.getByLabel('Name').fill(`${number} shop`);
  await dialog.getByLabel('Account Number').fill(number);
  await dialog.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByText('B2B Customer Saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('has already been taken')).toHaveCount(0);
  expect(await sql('select id from public.b2b_customers where customer_number = $1', [number])).toHaveLength(1);
  await sql('delete from public.b2b_customers where customer_number = $1', [number]);
});
