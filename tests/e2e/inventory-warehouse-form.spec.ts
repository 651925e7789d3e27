import { expect, test, type Page } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The warehouse form (new and edit): the owner select (the depo, its cars; a car with a warehouse not available),
// Primary for a depo owner with its warning and confirm, the AX warehouse id only where the tenant has it, the
// server's refusals under their fields, and delete from the list with its question.

const PREFIX = 'E2E-WHF';
let freeCar: { id: string; internal_number: string } | undefined;
let aarhusPrimary: string | undefined;

test.beforeAll(async () => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  // A car of Aarhus without a warehouse (the demo world's cars all have one).
  [freeCar] = await sql<{ id: string; internal_number: string }>(
    `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) select tenant_id, id, $2, $3 from public.depos where id = $1
     returning id, internal_number`,
    [aarhus, uniqueName(PREFIX), uniqueName('WHF').slice(-10)],
  );
  [{ id: aarhusPrimary }] = await sql<{ id: string }>(
    `select id from public.warehouses where depo_id = $1 and "primary"`,
    [aarhus],
  );
});

test.afterAll(async () => {
  // The demo depo keeps its own primary warehouse (marking it takes the mark from the test's).
  if (aarhusPrimary) await sql(`update public.warehouses set "primary" = true where id = $1`, [aarhusPrimary]);
  await sql(`delete from public.warehouses where code like $1 or owner_car_id = $2`, [
    `${PREFIX}-%`,
    freeCar?.id ?? null,
  ]);
  if (freeCar) await sql('delete from public.cars where id = $1', [freeCar.id]);
});

async function openNewForm(page: Page, aarhus: number) {
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/warehouses`);
  await page.getByRole('link', { name: 'New Warehouse' }).click();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/inventory/depo/${aarhus}/warehouses/new$`));
  return page.getByRole('form', { name: 'New Warehouse' });
}

test('a depo warehouse made primary after the warning and confirm takes the mark, with its AX id', async ({ page }) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const code = uniqueName(PREFIX);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  const form = await openNewForm(page, aarhus);
  const owner = form.getByLabel('Owner');
  // The depo and its cars, as "title (type)"; a car that has a warehouse is listed but not available.
  await expect(owner.getByRole('option', { name: 'Aarhus (depo)' })).toBeEnabled();
  await expect(owner.getByRole('option', { name: `${freeCar!.internal_number} (car)` })).toBeEnabled();
  const [taken] = await sql<{ internal_number: string }>(
    `select c.internal_number from public.cars c join public.warehouses w on w.owner_car_id = c.id where c.depo_id = $1 limit 1`,
    [aarhus],
  );
  await expect(owner.getByRole('option', { name: `${taken.internal_number} (car)` })).toBeDisabled();

  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name').fill('Second store');
  // Primary is a depo owner's: not offered for a car.
  await owner.selectOption({ label: `${freeCar!.internal_number} (car)` });
  await expect(form.getByLabel('Primary')).toHaveCount(0);
  await owner.selectOption({ label: 'Aarhus (depo)' });

  // Another warehouse is primary: a warning, and the question first (Cancel leaves it unticked).
  await expect(form.getByText(/is the primary warehouse of this depo now/)).toBeVisible();
  await form.getByLabel('Primary').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to set this as your primary warehouse?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByLabel('Primary')).not.toBeChecked();
  await form.getByLabel('Primary').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(form.getByLabel('Primary')).toBeChecked();

  // hjem-is has the ERP warehouse id.
  await form.getByLabel('AX Warehouse ID').fill('AX-77');
  await form.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByText(`Warehouse with code: "${code}" successfully updated!`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/warehouses/\\d+/edit$`));
  await expect(page.getByRole('form', { name: /^Edit Warehouse #\d+$/ }).getByLabel('AX Warehouse ID')).toHaveValue(
    'AX-77',
  );

  // One row made (the double click), now the depo's primary; the demo's primary lost its mark.
  const rows = await sql<{ primary: boolean; axapta_id: string; owner_type: string }>(
    `select "primary", axapta_id, owner_type from public.warehouses where code = $1`,
    [code],
  );
  expect(rows).toEqual([{ primary: true, axapta_id: 'AX-77', owner_type: 'depo' }]);
  const [demo] = await sql<{ primary: boolean }>(`select "primary" from public.warehouses where id = $1`, [
    aarhusPrimary,
  ]);
  expect(demo.primary).toBe(false);
});

test("the server's refusals show under their fields: a car that got a warehouse meanwhile, a taken code", async ({
  page,
}) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  const form = await openNewForm(page, aarhus);
  await form.getByLabel('Code').fill(uniqueName(PREFIX));
  await form.getByLabel('Name').fill('Copy');
  await form.getByLabel('Owner').selectOption({ label: `${freeCar!.internal_number} (car)` });
  // Someone else gives the car a warehouse while this form is open.
  const raced = uniqueName(PREFIX);
  await sql(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, owner_car_id)
             select tenant_id, depo_id, $2, 'Raced', 'car', id from public.cars where id = $1`,
    [freeCar!.id, raced],
  );
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('already has a warehouse')).toBeVisible();
  await expect(page).toHaveURL(/\/warehouses\/new$/);

  // The depo's own warehouse code is taken.
  await form.getByLabel('Owner').selectOption({ label: 'Aarhus (depo)' });
  await form.getByLabel('Code').fill(`D${aarhus}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('has already been taken')).toBeVisible();
  await expect(page.getByText(/duplicate key value|violates|rest\/v1/)).toHaveCount(0);
  await expect(form.getByLabel('Name')).toHaveValue('Copy');
  await sql('delete from public.warehouses where code = $1', [raced]);
});

test("without the tenant flag there is no AX id; another tenant's warehouse is not found", async ({ page }) => {
  const oslo = (
    await sql<{ id: string }>(
      `select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'den-norske-isbilen' order by d.id limit 1`,
    )
  )[0].id;
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await page.goto(`/den-norske-isbilen/inventory/depo/${oslo}/warehouses/new`);
  const form = page.getByRole('form', { name: 'New Warehouse' });
  await expect(form.getByLabel('Code')).toBeVisible();
  await expect(form.getByLabel('AX Warehouse ID')).toHaveCount(0);

  const [foreign] = await sql<{ id: string }>(
    `select w.id from public.warehouses w join public.tenants t on t.id = w.tenant_id where t.slug = 'hjem-is' limit 1`,
  );
  await page.goto(`/den-norske-isbilen/inventory/depo/${oslo}/warehouses/${foreign.id}/edit`);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /^Not found/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: /Edit Warehouse/ })).toHaveCount(0);
});

test('deleting a warehouse from the list asks first', async ({ page }) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const code = uniqueName(PREFIX);
  await sql(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) select tenant_id, id, $2, 'Doomed', 'depo' from public.depos where id = $1`,
    [aarhus, code],
  );
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/warehouses`);
  const grid = page.getByRole('region', { name: 'Warehouses' });
  await grid.getByRole('button', { name: `Delete ${code}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want destroy this Warehouse?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(grid.getByRole('gridcell', { name: code, exact: true })).toBeVisible();
  await grid.getByRole('button', { name: `Delete ${code}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(grid.getByRole('gridcell', { name: code, exact: true })).toHaveCount(0);
  expect(await sql('select 1 from public.warehouses where code = $1', [code])).toEqual([]);
});
