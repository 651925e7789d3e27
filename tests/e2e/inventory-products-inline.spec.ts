import { expect, test, type Page } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The products list's inline edit: the pencil turns a row's cells into inputs (disabled where the server says the
// caller may not edit), Enter or the save icon saves, Escape drops what was typed, a failure keeps the typed values
// with the error next to its cell, and a double click saves once.

const PREFIX = 'E2E-PIN';

test.afterAll(async () => {
  await sql(`delete from public.products where sku like $1`, [`${PREFIX}-%`]);
});

const grid = (page: Page) => page.getByRole('region', { name: 'Products' });
const row = (page: Page, sku: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^(Edit ${sku} inline|Save ${sku})$`) }) });

async function product(sku: string, description: string): Promise<number> {
  const [made] = await sql<{ id: string }>(
    `insert into public.products (tenant_id, sku, description, packaging_size, sequence_number) select id, $1, $2, 6, 1 from public.tenants where slug = 'hjem-is' returning id`,
    [sku, description],
  );
  return Number(made.id);
}

const stored = async (id: number) =>
  (
    await sql<{ sku: string; description: string; packaging_size: number }>(
      'select sku, description, packaging_size from public.products where id = $1',
      [id],
    )
  )[0];

async function openList(page: Page, login: string, depo: number, search: string) {
  await signInAs(page, 'hjem-is', login);
  await page.goto(`/hjem-is/inventory/depo/${depo}/products?search=${encodeURIComponent(search)}`);
}

test('an admin edits a row inline: Enter saves, Escape cancels, a refused value keeps what was typed next to its error', async ({
  page,
}) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const sku = uniqueName(PREFIX);
  const taken = uniqueName(PREFIX);
  const id = await product(sku, 'Before');
  await product(taken, 'Another');
  await openList(page, 'admin@hjem-is.test', aarhus, PREFIX);
  await row(page, sku)
    .getByRole('button', { name: `Edit ${sku} inline` })
    .click();

  // The first editable cell has the focus; Enter saves the row.
  await expect(page.getByLabel(`Sku of ${sku}`)).toBeFocused();
  await page.getByLabel(`Description of ${sku}`).fill('After');
  await page.getByLabel(`Packaging size of ${sku}`).fill('12');
  await page.getByLabel(`Packaging size of ${sku}`).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Product with sku: ${sku} has been updated` })).toBeVisible();
  await expect(row(page, sku)).toContainText('After');
  await expect(page.getByLabel(`Description of ${sku}`)).toHaveCount(0);
  expect(await stored(id)).toEqual({ sku, description: 'After', packaging_size: 12 });

  // Escape drops what was typed and saves nothing.
  await row(page, sku)
    .getByRole('button', { name: `Edit ${sku} inline` })
    .click();
  await page.getByLabel(`Description of ${sku}`).fill('Never saved');
  await page.getByLabel(`Description of ${sku}`).press('Escape');
  await expect(page.getByLabel(`Description of ${sku}`)).toHaveCount(0);
  await expect(row(page, sku)).toContainText('After');
  expect((await stored(id)).description).toBe('After');

  // Another product's sku: the server refuses; the message sits next to the sku, every typed value stays.
  await row(page, sku)
    .getByRole('button', { name: `Edit ${sku} inline` })
    .click();
  await page.getByLabel(`Sku of ${sku}`).fill(taken);
  await page.getByLabel(`Description of ${sku}`).fill('Kept after the failure');
  await row(page, sku)
    .getByRole('button', { name: `Save ${sku}` })
    .click();
  await expect(row(page, sku).getByRole('alert')).toHaveText('has already been taken');
  await expect(page.getByLabel(`Sku of ${sku}`)).toHaveValue(taken);
  await expect(page.getByLabel(`Description of ${sku}`)).toHaveValue('Kept after the failure');
  expect(await stored(id)).toEqual({ sku, description: 'After', packaging_size: 12 });

  // A checked value is refused before any request, next to its cell.
  await page.getByLabel(`Sku of ${sku}`).fill(sku);
  await page.getByLabel(`Packaging size of ${sku}`).fill('0');
  await page.getByLabel(`Packaging size of ${sku}`).press('Enter');
  await expect(row(page, sku).getByRole('alert')).toHaveText('must be greater than or equal to 1');

  // A double click on the save icon sends one update.
  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/rest/v1/products')) updates.push(request.url());
  });
  await page.getByLabel(`Packaging size of ${sku}`).fill('4');
  await row(page, sku)
    .getByRole('button', { name: `Save ${sku}` })
    .dblclick();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Product with sku: ${sku} has been updated` })
      .last(),
  ).toBeVisible();
  await expect(row(page, sku)).toContainText('Kept after the failure');
  expect(updates).toHaveLength(1);
  expect(await stored(id)).toEqual({ sku, description: 'Kept after the failure', packaging_size: 4 });
});

test('a depo admin edits only the minimums of their depo inline; the product fields stay disabled', async ({
  page,
}) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const sku = uniqueName(PREFIX);
  const id = await product(sku, 'Minimums only');
  await openList(page, 'depo-admin@hjem-is.test', aarhus, sku);
  await row(page, sku)
    .getByRole('button', { name: `Edit ${sku} inline` })
    .click();
  for (const cell of ['Sku', 'Description', 'Sequence number', 'Packaging size', 'Sales price']) {
    await expect(page.getByLabel(`${cell} of ${sku}`)).toBeDisabled();
  }
  await expect(page.getByLabel(`Depo minimum of ${sku}`)).toBeFocused();
  await page.getByLabel(`Depo minimum of ${sku}`).fill('25');
  await page.getByLabel(`Car minimum of ${sku}`).fill('5');
  await page.getByLabel(`Car minimum of ${sku}`).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Product with sku: ${sku} has been updated` })).toBeVisible();
  await expect(row(page, sku).getByRole('gridcell', { name: '25', exact: true })).toBeVisible();
  const [minimum] = await sql<{ minimum_for_depo: number; minimum_for_cars: number }>(
    'select minimum_for_depo, minimum_for_cars from public.minimum_required_balances where product_id = $1 and depo_id = $2',
    [id, aarhus],
  );
  expect(minimum).toEqual({ minimum_for_depo: 25, minimum_for_cars: 5 });
  expect((await stored(id)).description).toBe('Minimums only');
});
