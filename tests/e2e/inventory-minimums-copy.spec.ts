import { expect, test, type Page } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The product form's Minimum required balances: an amount is copied to other rows by a double click (into every
// row below the caller may edit) or by dragging its handle onto a row; rows the caller may not edit keep theirs,
// and the save writes only the editable rows.

const PREFIX = 'E2E-MCP';

test.afterAll(async () => {
  await sql(`delete from public.products where sku like $1`, [`${PREFIX}-%`]);
});

async function openProduct(page: Page, login: string): Promise<number> {
  const sku = uniqueName(PREFIX);
  const [made] = await sql<{ id: string }>(
    `insert into public.products (tenant_id, sku, description) select id, $1, 'Copy minimums' from public.tenants where slug = 'hjem-is' returning id`,
    [sku],
  );
  const aarhus = await depoId('hjem-is', 'Aarhus');
  await signInAs(page, 'hjem-is', login);
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/products/${made.id}/edit`);
  await expect(page.getByLabel('Minimum for Depo Aarhus')).toBeVisible();
  return Number(made.id);
}

const minimums = async (productId: number) =>
  sql<{ title: string; minimum_for_depo: number; minimum_for_cars: number }>(
    `select d.title, m.minimum_for_depo, m.minimum_for_cars from public.minimum_required_balances m join public.depos d on d.id = m.depo_id
    where m.product_id = $1 order by d.title`,
    [productId],
  );

test('an admin copies a depo minimum down by double click and a car minimum by dragging it onto another row', async ({
  page,
}) => {
  const productId = await openProduct(page, 'admin@hjem-is.test');
  await page.getByLabel('Minimum for Depo Aarhus').fill('40');
  await page.getByLabel('Minimum for Depo Aarhus').dblclick();
  await expect(page.getByLabel('Minimum for Depo Glostrup')).toHaveValue('40');
  await expect(page.getByLabel('Minimum for Depo Odense')).toHaveValue('40');
  // Only that column: the car minimums are untouched.
  await expect(page.getByLabel('Minimum for Car Glostrup')).toHaveValue('0');

  await page.getByLabel('Minimum for Car Odense').fill('9');
  await page
    .getByRole('img', { name: 'Drag to copy the car minimum of Odense' })
    .dragTo(page.getByLabel('Minimum for Car Aarhus'));
  await expect(page.getByLabel('Minimum for Car Aarhus')).toHaveValue('9');
  await expect(page.getByLabel('Minimum for Car Glostrup')).toHaveValue('0');
  // A drag onto the other column copies nothing.
  await page
    .getByRole('img', { name: 'Drag to copy the car minimum of Odense' })
    .dragTo(page.getByLabel('Minimum for Depo Glostrup'));
  await expect(page.getByLabel('Minimum for Depo Glostrup')).toHaveValue('40');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'successfully updated!' })).toBeVisible();
  await expect
    .poll(() => minimums(productId))
    .toEqual([
      { title: 'Aarhus', minimum_for_depo: 40, minimum_for_cars: 9 },
      { title: 'Glostrup', minimum_for_depo: 40, minimum_for_cars: 0 },
      { title: 'Odense', minimum_for_depo: 40, minimum_for_cars: 9 },
    ]);
});

test("a depo admin's copy reaches only the rows of their depos", async ({ page }) => {
  const productId = await openProduct(page, 'depo-admin@hjem-is.test');
  // Odense is not a depo of theirs: its minimums are not shown at all (no input, no invented 0).
  const odense = page.getByLabel('Minimum for Depo Odense: not visible');
  await expect(odense).toHaveText('not visible');
  await expect(page.getByRole('textbox', { name: 'Minimum for Depo Odense', exact: true })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Drag to copy the depo minimum of Odense' })).toHaveCount(0);
  await page.getByLabel('Minimum for Depo Aarhus').fill('15');
  await page.getByLabel('Minimum for Depo Aarhus').dblclick();
  await expect(page.getByLabel('Minimum for Depo Glostrup')).toHaveValue('15');
  await expect(odense).toHaveText('not visible');
  // A drag onto Odense's row is not taken.
  await page.getByRole('img', { name: 'Drag to copy the depo minimum of Aarhus' }).dragTo(odense, { force: true });
  await expect(odense).toHaveText('not visible');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'successfully updated!' })).toBeVisible();
  await expect
    .poll(() => minimums(productId))
    .toEqual([
      { title: 'Aarhus', minimum_for_depo: 15, minimum_for_cars: 0 },
      { title: 'Glostrup', minimum_for_depo: 15, minimum_for_cars: 0 },
    ]);
});
