import { expect, test, type Page } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';
import { waitForLiveTopic } from './support/live.ts';
import { mainMenu } from './support/main-menu.ts';

// Cars this spec makes carry this prefix, so they are removed afterwards without touching seeded cars.
const PREFIX = 'E2E-CAR';

test.afterAll(async () => {
  await sql(`delete from public.cars where internal_number like $1`, [`${PREFIX}-%`]);
});

const grid = (page: Page) => page.getByRole('region', { name: 'Cars' });
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

async function openCars(page: Page, tenant: string, email: string) {
  await signInAs(page, tenant, email);
  await (await mainMenu(page)).getByRole('link', { name: 'Cars' }).click();
  await expect(page.getByRole('heading', { name: 'Cars' })).toBeVisible();
}

test("the cars list shows the depo's active cars, its columns, and filters by status", async ({ page }) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const inactive = uniqueName(PREFIX);
  await sql(
    `insert into public.cars (tenant_id, depo_id, internal_number, plate_number, status)
     select tenant_id, id, $2, 'ZZ 00000', 'inactive' from public.depos where id = $1`,
    [aarhus, inactive],
  );
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${aarhus}/cars`);

  for (const header of [
    '#',
    'Internal Number',
    'Mobile Number',
    'Plate Number',
    'Axapta code',
    'Depo',
    'MapOn Id',
    'Latest location',
    'Location updated at',
    'Last Synced at',
    'Actions',
  ]) {
    await expect(grid(page).getByRole('columnheader', { name: header, exact: true })).toBeAttached();
  }
  await expect(row(page, 'HJ-001')).toContainText('31 45054');
  await expect(row(page, 'HJ-001')).toContainText('Aarhus');
  // Cars of other depos are not listed, nor inactive ones by default.
  await expect(row(page, 'HJ-002')).toHaveCount(0);
  await expect(row(page, inactive)).toHaveCount(0);
  // The switcher follows the depo of the path.
  await expect(page.getByRole('banner').getByLabel('Depo')).toHaveValue(String(aarhus));

  // Ticking a status changes nothing until Filter is pressed.
  const filter = page.getByRole('form', { name: 'Filter cars' });
  await filter.getByLabel('inactive').check();
  await filter.getByLabel('active', { exact: true }).uncheck();
  await expect(row(page, 'HJ-001')).toBeVisible();
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(row(page, inactive)).toBeVisible();
  await expect(row(page, 'HJ-001')).toHaveCount(0);

  // Both statuses.
  await filter.getByLabel('active', { exact: true }).check();
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(row(page, inactive)).toBeVisible();
  await expect(row(page, 'HJ-001')).toBeVisible();
});

test('the depo switcher moves to the cars of the chosen depo', async ({ page }) => {
  const odense = await depoId('hjem-is', 'Odense');
  await openCars(page, 'hjem-is', 'admin@hjem-is.test');
  await page.getByRole('banner').getByLabel('Depo').selectOption({ label: 'Odense' });
  await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${odense}/cars`));
  await expect(row(page, 'HJ-003')).toBeVisible();
  await expect(row(page, 'HJ-003')).toContainText('Odense');
});

test('a car is created on the first save, then edited; the plate number is fixed', async ({ page }) => {
  const glostrup = await depoId('hjem-is', 'Glostrup');
  const number = uniqueName(PREFIX);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${glostrup}/cars`);
  await page.getByRole('link', { name: 'New car' }).click();

  const form = page.getByRole('form', { name: 'New car' });
  // Required fields are checked before anything is sent.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("can't be blank")).toHaveCount(2);

  await form.getByLabel('Internal number').fill(number);
  await form.getByLabel('Mobile number').fill('+45 11 22 33 44');
  await form.getByLabel('Plate number').fill('E2 12345');
  await form.getByLabel('Axapta code').fill('AX-9');
  await expect(form.getByLabel('Depo')).toHaveValue(String(glostrup));
  await expect(form.getByLabel('active', { exact: true })).toBeChecked();
  // hjem-is has no lakrids.
  await expect(form.getByLabel('Lakrids route number')).toHaveCount(0);
  await expect(form.getByLabel('Send to lakrids')).toHaveCount(0);
  await form.getByLabel('Franchise car').check();
  // Saved with the keyboard.
  await form.getByLabel('Axapta code').press('Enter');

  await expect(page.getByRole('status').filter({ hasText: `Car: ${number} successfully created!` })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit car' });
  await expect(edit.getByLabel('Plate number')).toHaveAttribute('readonly', '');
  // The depo is fixed once the car exists (the database refuses moving its rows to another depo).
  await expect(edit.getByLabel('Depo')).toBeDisabled();

  await edit.getByLabel('Mobile number').fill('+45 99 88 77 66');
  await edit.getByLabel('inactive').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Car: ${number} successfully updated!` })).toBeVisible();

  const [saved] = await sql<{ n: string }>(
    `select count(*) as n from public.cars where internal_number = $1 and plate_number = 'E2 12345' and mobile_number = '+45 99 88 77 66'
       and status = 'inactive' and franchise_car and axapta_code = 'AX-9'`,
    [number],
  );
  expect(saved.n).toBe('1');

  // The inactive car is listed under its status, and opens for editing from the list.
  await page.getByRole('link', { name: 'Back to cars' }).click();
  await expect(row(page, number)).toHaveCount(0);
  const filter = page.getByRole('form', { name: 'Filter cars' });
  await filter.getByLabel('inactive').check();
  await filter.getByRole('button', { name: 'Filter' }).click();
  await row(page, number).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('form', { name: 'Edit car' }).getByLabel('Internal number')).toHaveValue(number);
  await expect(page.getByRole('form', { name: 'Edit car' }).getByLabel('Plate number')).toHaveAttribute('readonly', '');
});

test('a taken internal number is shown under the field and nothing typed is lost', async ({ page }) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${aarhus}/cars/new`);
  const form = page.getByRole('form', { name: 'New car' });
  await form.getByLabel('Internal number').fill('HJ-001');
  await form.getByLabel('Plate number').fill('E2 99999');
  await form.getByLabel('Axapta code').fill('kept');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(form.getByText('has already been taken')).toBeVisible();
  // The readable text and the page's address (issue 8): no database text, no API address.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /^Internal number has already been taken \(\/hjem-is\/admin\/depo\/\d+\/cars\/new\)/ }),
  ).toBeVisible();
  await expect(page.getByText(/duplicate key value|rest\/v1/)).toHaveCount(0);
  await expect(form.getByLabel('Axapta code')).toHaveValue('kept');
  await expect(form.getByLabel('Plate number')).toHaveValue('E2 99999');
  await expect(form.getByLabel('Plate number')).not.toHaveAttribute('readonly', '');
});

test('lakrids fields are offered to a lakrids tenant and saved', async ({ page }) => {
  const oslo = await depoId('den-norske-isbilen', 'Oslo');
  const number = uniqueName(PREFIX);
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await page.goto(`/den-norske-isbilen/admin/depo/${oslo}/cars/new`);
  const form = page.getByRole('form', { name: 'New car' });
  await form.getByLabel('Internal number').fill(number);
  await form.getByLabel('Plate number').fill('EL 12345');
  await form.getByLabel('Lakrids route number').fill('R-42');
  await form.getByLabel('Send to lakrids').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Car: ${number} successfully created!` })).toBeVisible();

  const [saved] = await sql<{ lakrids_route_number: string; send_to_lakrids: boolean }>(
    'select lakrids_route_number, send_to_lakrids from public.cars where internal_number = $1',
    [number],
  );
  expect(saved).toEqual({ lakrids_route_number: 'R-42', send_to_lakrids: true });
});

test('the latest location and its time update as positions arrive, without a reload', async ({ page }) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const number = uniqueName(PREFIX);
  const [car] = await sql<{ id: string; tenant_id: string }>(
    `insert into public.cars (tenant_id, depo_id, internal_number, plate_number)
     select tenant_id, id, $2, 'GP 11111' from public.depos where id = $1 returning id, tenant_id`,
    [aarhus, number],
  );
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${aarhus}/cars`);
  await expect(row(page, number)).toBeVisible();
  await expect(row(page, number)).not.toContainText('56.15');
  // The list's channel has joined before the position arrives.
  await waitForLiveTopic(page, 'cars');

  await sql(
    `insert into public.car_positions (tenant_id, car_id, depo_id, recorded_at, lat, lng)
     values ($1, $2, $3, '2026-06-01T10:15:30Z', 56.15674, 10.21076)`,
    [car.tenant_id, car.id, aarhus],
  );
  await expect(row(page, number)).toContainText('56.15674, 10.21076', { timeout: 3000 });
  // Shown on the tenant's clock (Copenhagen, summer time).
  await expect(row(page, number)).toContainText('01-06-2026 12:15:30');
});
