import { expect, test } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { createStaffUser, deleteStaffUser, fillSignIn, signInAs, type StaffUser } from './support/staff.ts';

// Issue 8: forms and errors as a new user meets them.

test.describe('sign-in', () => {
  test('empty fields get the spec text, once, never "missing email or phone"', async ({ page }) => {
    await page.goto('/hjem-is/users/sign_in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid Email or password.')).toHaveCount(1);
    await expect(page.getByText(/missing email or phone/i)).toHaveCount(0);
  });

  test('a wrong password shows its error once', async ({ page }) => {
    await page.goto('/hjem-is/users/sign_in');
    // An unknown address: a demo account must not count failed attempts towards its lock.
    await fillSignIn(page, 'nobody-here@e2e.test', 'not-the-password');
    // Every alert on the page, named: a failure shows which text came instead.
    await expect(page.getByRole('alert')).toHaveText(['Invalid Email or password.']);
    await expect(page.getByText('Invalid Email or password.').locator('visible=true')).toHaveCount(1);
  });

  test('a deep link survives the sign-in', async ({ page }) => {
    await page.goto('/hjem-is/admin/stop_types');
    await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in\?redirect=/);
    await fillSignIn(page, 'admin@hjem-is.test', 'icecream-demo');
    await expect(page).toHaveURL(/\/hjem-is\/admin\/stop_types$/);
    await expect(page.getByRole('heading', { name: 'Stop types' })).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('errors people can read', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  });

  test('an empty New customer form shows field messages, not database text', async ({ page }) => {
    await page.goto('/hjem-is/admin/customers/new');
    const form = page.getByRole('form', { name: 'Customer' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Phone is invalid')).toBeVisible();
    await expect(page.getByText(/violates|constraint|rest\/v1/)).toHaveCount(0);
  });

  test('an address that names no record says so plainly', async ({ page }) => {
    await page.goto('/hjem-is/admin/customers/abc/edit');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText(/invalid_type|"code"|expected/)).toHaveCount(0);
  });

  test('a missing record shows "Not found" with the page address, not the API query', async ({ page }) => {
    await page.goto('/hjem-is/admin/customers/999999999/edit');
    // The old address leads below the depo segment; the text names that page, never the API query.
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /Not found \(\/hjem-is\/admin\/depo\/\d+\/customers\/999999999\/edit\)/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByText(/rest\/v1|tenant_id/)).toHaveCount(0);
  });
});

test.describe('creates', () => {
  test('double-clicking Save creates one stop type, shows no error and moves to its edit page', async ({ page }) => {
    const name = uniqueName('E2E double');
    await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
    await page.goto('/hjem-is/admin/stop_types/new');
    const form = page.getByRole('form', { name: 'New stop type' });
    await form.getByLabel('Stop type').fill(name);
    await form.getByLabel('Wait time').fill('00:10');
    await form.getByRole('button', { name: 'Save' }).dblclick();
    await expect(page).toHaveURL(/\/hjem-is\/admin\/stop_types\/\d+\/edit$/);
    await expect(page.getByRole('heading', { name: 'Edit stop type' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Edit stop type' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Stop type successfully saved!' })).toBeVisible();
    await expect(page.getByText('has already been taken')).toHaveCount(0);
    expect(await sql('select id from public.stop_types where stop_type = $1', [name])).toHaveLength(1);
    await sql('delete from public.stop_types where stop_type = $1', [name]);
  });
});

test.describe('the generated password link', () => {
  let admin: StaffUser;
  test.beforeEach(async () => {
    admin = await createStaffUser({ tenant: 'hjem-is', role: 'admin' });
  });
  test.afterEach(async () => {
    await deleteStaffUser(admin);
  });

  test('double-click Save creates one user; the link survives a reload until dismissed', async ({ page }) => {
    // Two sign-ins' worth of pages and an Auth admin call: more than the default on a busy machine.
    test.setTimeout(60_000);
    const email = `${uniqueName('driver').toLowerCase()}@e2e.test`;
    await signInAs(page, 'hjem-is', admin.email, admin.password);
    await page.goto('/hjem-is/admin/users');
    await page.getByRole('link', { name: 'New user' }).click();
    const form = page.getByRole('form', { name: 'User' });
    await form.getByLabel('First name').fill('E2e');
    await form.getByLabel('Last name').fill('Double');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Depo', { exact: true }).selectOption({ label: 'Odense' });
    await form.getByRole('button', { name: 'Save' }).dblclick();
    await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}\/edit/);
    const link = page.getByLabel('Generated password URL');
    await expect(link).toHaveValue(/^https?:\/\//);
    await expect(page.getByText(/Internal Server Error|has already been taken/)).toHaveCount(0);

    await page.reload();
    await expect(link).toHaveValue(/^https?:\/\//);
    await page
      .getByRole('region', { name: 'Generated password link' })
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await expect(link).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('form', { name: 'User' })).toBeVisible();
    await expect(link).toHaveCount(0);
    const [{ count }] = await sql<{ count: string }>('select count(*) from auth.users where email = $1', [email]);
    expect(Number(count)).toBe(1);
  });
});

test('clearing the search box and pressing Enter clears the filter', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/customers?search_phrase=zzzz-no-match');
  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await search.fill('');
  await search.press('Enter');
  await expect(page).not.toHaveURL(/search_phrase/);
  await expect(page.getByText('You must enter more than 2 characters in search field')).toHaveCount(0);
});

test('a car mobile number "abc" is refused under its field and nothing is saved', async ({ page }) => {
  const number = uniqueName('E2E-MOB');
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  const [{ id: aarhus }] = await sql<{ id: number }>(
    "select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is' and d.title = 'Aarhus'",
  );
  await page.goto(`/hjem-is/admin/depo/${aarhus}/cars/new`);
  const form = page.getByRole('form', { name: 'New car' });
  await form.getByLabel('Internal number').fill(number);
  await form.getByLabel('Mobile number').fill('abc');
  await form.getByLabel('Plate number').fill('E2 12121');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('is invalid')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'successfully created' })).toHaveCount(0);
  expect(await sql('select id from public.cars where internal_number = $1', [number])).toHaveLength(0);
});

test('campaign dates typed as DD-MM-YYYY and saved with Enter show no "can\'t be blank"', async ({ page }) => {
  const name = uniqueName('E2E-CAMPAIGN-ENTER');
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/sms_campaigns/new');
  const form = page.getByRole('form', { name: 'New SMS campaign' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Text').fill('Enter saves');
  await form.getByRole('textbox', { name: 'Start date' }).fill('01-07-2026');
  await form.getByRole('textbox', { name: 'Start date' }).press('Tab');
  await form.getByRole('textbox', { name: 'End date' }).fill('31-07-2026');
  await form.getByRole('textbox', { name: 'End date' }).press('Enter');
  await expect(page).toHaveURL(/\/hjem-is\/admin\/sms_campaigns\/\d+\/edit/);
  await expect(page.getByText("can't be blank")).toHaveCount(0);
  const edit = page.getByRole('form', { name: 'Edit SMS campaign' });
  await expect(edit.getByRole('textbox', { name: 'End date' })).toHaveValue('31-07-2026');
  await sql('delete from public.sms_campaigns where name = $1', [name]);
});
