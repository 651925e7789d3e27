import { expect, test, type Page } from '@playwright/test';
import { createCustomer, tenantIdOf } from './support/admin-rows.ts';
import { depoId } from './support/admin-core-db.ts';
import { serviceClient } from '../support/clients.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

const gridRows = (page: Page) => page.getByRole('region', { name: 'Customers' }).locator('.ag-row');

test('the search box follows the length rule and finds a customer', async ({ page }) => {
  const customer = await createCustomer('hjem-is');
  await signInAs(page, 'hjem-is', 'support@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Customers', exact: true }).click();
  // The page's own title, not the sidebar's "Customers" group heading.
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  // The support stop map exists now (tests/e2e/support-map.spec.ts follows the link).
  await expect(page.getByRole('link', { name: 'Customer support' })).toHaveAttribute(
    'href',
    '/hjem-is/customer_support',
  );
  await expect(gridRows(page)).toHaveCount(25);

  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await search.fill('a');
  await search.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'You must enter more than 2 characters in search field' }),
  ).toBeVisible();

  // Exactly two characters do nothing.
  await search.fill('ab');
  await search.press('Enter');
  await expect(page).not.toHaveURL(/search_phrase/);

  await search.fill(customer.first_name);
  await search.press('Enter');
  await expect(page).toHaveURL(/search_phrase=/);
  await expect(gridRows(page)).toHaveCount(1);
  await expect(gridRows(page).first()).toContainText(customer.email);
});

test('rows per page are 25 by default and 50 on request', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/customers');
  await expect(gridRows(page)).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page).toHaveURL(/per_page=50/);
  // The 50-row page replaces the 25 once its answer is in.
  await expect.poll(() => gridRows(page).count()).toBeGreaterThan(25);
  expect(await gridRows(page).count()).toBeLessThanOrEqual(50);
});

test('the consent filter is offered on hjem-is only', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/customers');
  await expect(gridRows(page).first()).toBeVisible();
  await page.getByRole('radio', { name: 'SMS' }).check();
  await expect(page).toHaveURL(/consent=sms/);
  // Every customer listed under the SMS consent has SMS permission.
  await expect(
    page.getByRole('region', { name: 'Customers' }).locator('[col-id="sms_permission"]').filter({ hasText: 'No' }),
  ).toHaveCount(0);
  await page.getByRole('radio', { name: 'Marketing' }).check();
  await expect(page).toHaveURL(/consent=marketing/);
  await page.getByRole('button', { name: 'RESET' }).click();
  await expect(page).not.toHaveURL(/consent=/);
  await expect(page.getByRole('radio', { name: 'SMS' })).not.toBeChecked();
});

test('den-norske-isbilen has no consent filter', async ({ page }) => {
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await page.goto('/den-norske-isbilen/admin/customers');
  await expect(gridRows(page).first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'SMS' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'RESET' })).toHaveCount(0);
});

test('editing a customer: hint without SMS permission, a Local address, the success message', async ({ page }) => {
  const customer = await createCustomer('hjem-is');
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/customers/${customer.id}/edit`);
  const form = page.getByRole('form', { name: 'Customer' });
  await expect(form.getByLabel('First name')).toHaveValue(customer.first_name);
  // Nothing sticks out sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // hjem-is hides the route number and the home address.
  await expect(form.getByLabel('Route number')).toHaveCount(0);
  await expect(form.getByLabel('Home address')).toHaveCount(0);

  await form.getByLabel('Last name').fill('Edited');
  await form.getByRole('radio', { name: 'Female' }).check();
  await form.getByRole('checkbox', { name: 'SMS permission' }).uncheck();
  await expect(form.getByText('the system will delete this customer at night')).toBeVisible();
  await form.getByRole('checkbox', { name: 'SMS permission' }).check();
  await expect(form.getByText('the system will delete this customer at night')).toHaveCount(0);

  await form.getByRole('radio', { name: 'Local' }).check();
  await form.getByLabel('Address', { exact: true }).fill('Solvej 92');
  const result = form.getByRole('list', { name: 'Address results' }).getByRole('button', { name: 'Solvej 92, Aarhus' });
  await expect(result).toBeVisible();
  await result.click();
  await expect(form.getByLabel('Address', { exact: true })).toHaveValue('Solvej 92, Aarhus');
  await expect(form.getByTestId('customer-coordinates')).toBeVisible();

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Customer succesfully updated' })).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Last name')).toHaveValue('Edited');
  await expect(form.getByLabel('Address', { exact: true })).toHaveValue('Solvej 92, Aarhus');
  await expect(page.getByRole('region', { name: 'SMS receivers' })).toBeVisible();
});

test('a failed save keeps the values and shows the error under its field', async ({ page }) => {
  const customer = await createCustomer('den-norske-isbilen');
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await page.goto(`/den-norske-isbilen/admin/customers/${customer.id}/edit`);
  const form = page.getByRole('form', { name: 'Customer' });
  await expect(form.getByLabel('Route number')).toBeVisible();
  await form.getByLabel('Route number').fill('R-17');
  await form.getByLabel('Phone').fill('12');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Phone is invalid')).toBeVisible();
  await expect(form.getByLabel('Route number')).toHaveValue('R-17');
});

test('the SMS receivers of a customer link to their plan event', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  // A seeded customer who was sent SMS before a visit.
  const { data, error } = await serviceClient()
    .from('sms_receivers')
    .select('customer_id')
    .eq('tenant_id', await tenantIdOf('hjem-is'))
    .limit(1)
    .single();
  if (error) throw error;
  await page.goto(`/hjem-is/admin/customers/${(data as { customer_id: number }).customer_id}/edit`);
  const links = page.getByRole('region', { name: 'SMS receivers' }).getByRole('link', { name: 'Plan Event' });
  await expect(links.first()).toHaveAttribute('href', /^\/hjem-is\/depo\/\d+\/plan_events\/\d+$/);
});

test('customer pages live below the depo segment, and their old addresses lead there', async ({ page }) => {
  const customer = await createCustomer('hjem-is');
  const aarhus = await depoId('hjem-is', 'Aarhus');
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${aarhus}/customers?search_phrase=${customer.first_name}`);
  await page.getByRole('link', { name: `Edit customer ${customer.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${aarhus}/customers/${customer.id}/edit$`));
  await expect(page.getByRole('form', { name: 'Customer' }).getByLabel('First name')).toHaveValue(customer.first_name);
  await page.getByRole('link', { name: 'Back to customers' }).click();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${aarhus}/customers$`));
  await page.getByRole('link', { name: 'New customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${aarhus}/customers/new$`));

  // Bookmarks from before the move open the same page below the member's depo.
  await page.goto(`/hjem-is/admin/customers/${customer.id}/edit`);
  await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/\\d+/customers/${customer.id}/edit$`));
  await expect(page.getByRole('form', { name: 'Customer' }).getByLabel('First name')).toHaveValue(customer.first_name);
  await page.goto('/hjem-is/admin/customers/new');
  await expect(page).toHaveURL(/\/hjem-is\/admin\/depo\/\d+\/customers\/new$/);
  await expect(page.getByRole('heading', { name: 'New customer' })).toBeVisible();
});

test('the consent history shows each change of a consent with its source, newest first', async ({ page }) => {
  const customer = await createCustomer('hjem-is', { sms_permission: true });
  await signInAs(page, 'hjem-is', 'support@hjem-is.test');
  await page.goto(`/hjem-is/admin/customers/${customer.id}/edit`);
  const history = page.getByRole('region', { name: 'Consent history' });
  // Created by an import (the service role): its consents start the history, offers not given by default.
  await expect(history.getByRole('row').filter({ hasText: 'Offers by SMS' })).toContainText('Withdrawn');
  await expect(history.getByRole('row').filter({ hasText: 'SMS before the truck comes' })).toContainText('System');

  const form = page.getByRole('form', { name: 'Customer' });
  await form.getByRole('checkbox', { name: 'SMS permission' }).uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Customer succesfully updated' })).toBeVisible();
  const staffRow = history.getByRole('row').filter({ hasText: 'Staff' });
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow).toContainText('SMS before the truck comes');
  await expect(staffRow).toContainText('Withdrawn');
});
