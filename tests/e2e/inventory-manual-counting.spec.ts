import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// Manual counting (inventory spec §2.1, §4): the show page's Manual counting button (yesterday by default) opens a new
// document; the grid starts each new value at the old one and is typed row after row; the view highlights changed
// rows, prints only itself and exports an xlsx; approval moves the stock and leaves print and export; a draft can be
// deleted, which returns to the Manual Counting tab.

const PREFIX = 'E2E-MC';

test.afterAll(async () => {
  const mine = `(select id from public.warehouses where code like '${PREFIX}-%')`;
  await sql(`delete from public.manual_counting_documents where warehouse_id in ${mine}`);
  await sql(`delete from public.stock_transfers where to_warehouse_id in ${mine} or from_warehouse_id in ${mine}`);
  await sql(`delete from public.warehouses where code like '${PREFIX}-%'`);
});

/** Counts print() calls instead of opening the dialog (headless Chromium has none to wait for). */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

test('a warehouse is counted for yesterday, typed in the grid, printed, exported and approved into its balances', async ({
  page,
}) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const code = uniqueName(PREFIX);
  const [warehouse] = await sql<{ id: string; tenant_id: string; yesterday: string }>(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) select tenant_id, id, $2, 'Counted', 'depo' from public.depos where id = $1
     returning id, tenant_id, (select to_char((now() at time zone time_zone)::date - 1, 'DD-MM-YYYY') from public.tenants t where t.id = tenant_id) as yesterday`,
    [aarhus, code],
  );
  // The first two products of the grid hold 20 and 5, moved in three days ago on the tenant's clock.
  const [first, second] = await sql<{ id: string; sku: string }>(
    `select id, sku from public.products where tenant_id = $1 and status = 'active' order by sku limit 2`,
    [warehouse.tenant_id],
  );
  const [transfer] = await sql<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, kind, transfered_at)
     select $1, $2, $3, 'regular', now() - interval '3 days' returning id`,
    [warehouse.tenant_id, aarhus, warehouse.id],
  );
  await sql(
    `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 20), ($1, $2, $3, $5, 5)`,
    [warehouse.tenant_id, transfer.id, aarhus, first.id, second.id],
  );

  await countPrints(page);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/warehouses/${warehouse.id}/products`);
  await expect(page.getByRole('link', { name: 'New Order' })).toHaveAttribute(
    'href',
    `/hjem-is/inventory/depo/${aarhus}/warehouses/${warehouse.id}/stock_orders/new`,
  );
  await expect(page.getByRole('link', { name: 'New Transfer' })).toHaveAttribute(
    'href',
    `/hjem-is/inventory/depo/${aarhus}/warehouses/${warehouse.id}/stock_transfers/new`,
  );

  await page.getByRole('button', { name: 'Manual counting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manual counting' });
  await expect(dialog.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue(warehouse.yesterday);
  // A double click makes one document.
  await dialog.getByRole('button', { name: 'Create' }).dblclick();
  await expect(page).toHaveURL(new RegExp(`/warehouses/${warehouse.id}/manual_counting_documents/\\d+$`));
  const documentId = Number(page.url().split('/').pop());
  expect(await sql(`select id from public.manual_counting_documents where warehouse_id = $1`, [warehouse.id])).toEqual([
    { id: String(documentId) },
  ]);

  await expect(page.getByText('Manually counted at')).toBeVisible();
  await expect(page.getByText(warehouse.yesterday)).toBeVisible();
  const lines = page.getByRole('table', { name: 'Counted products' });
  const row = (sku: string) =>
    lines.getByRole('row').filter({ has: page.getByRole('cell', { name: sku, exact: true }) });
  await expect(row(first.sku).getByRole('cell').nth(2)).toHaveText('20');
  await expect(row(second.sku).getByRole('cell').nth(2)).toHaveText('5');
  // No line has a new value yet: nothing to approve.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Edit' }).click();
  const firstInput = page.getByLabel(`New value ${first.sku}`);
  await expect(firstInput).toHaveValue('20');
  await expect(page.getByLabel(`New value ${second.sku}`)).toHaveValue('5');
  await firstInput.focus();
  await page.keyboard.type('18');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(`New value ${second.sku}`)).toBeFocused();
  await page.keyboard.type('7');
  await page.getByRole('button', { name: 'Save document' }).click();
  await expect(page).toHaveURL(new RegExp(`/manual_counting_documents/${documentId}$`));
  await expect(row(first.sku)).toHaveAttribute('data-changed', 'true');
  await expect(row(first.sku).getByRole('cell').nth(3)).toHaveText('18');
  await expect(row(second.sku)).toHaveAttribute('data-changed', 'true');
  await expect(lines.getByRole('row').nth(3)).toHaveAttribute('data-changed', 'false');

  // Print: the document alone.
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await printed(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Approve' })).toBeHidden();
  await expect(page.getByText('Manually counted at')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Export: an xlsx with the lines' old and new values.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^manual_counting_${code}_\\d{4}-\\d{2}-\\d{2}_${documentId}\\.xlsx$`),
  );
  const sheet = execFileSync('unzip', ['-p', await download.path(), 'xl/worksheets/sheet1.xml']).toString('utf8');
  const sheetRows = [...sheet.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map((m) =>
    [...m[2].matchAll(/<(?:v|t[^>]*)>([^<]*)<\/(?:v|t)>/g)].map((c) => c[1]),
  );
  expect(sheetRows[0]).toEqual(['Sku', 'Description', 'Old value', 'New value', 'Difference']);
  expect(sheetRows.find((r) => r[0] === first.sku)?.slice(2)).toEqual(['20', '18', '-2']);
  expect(sheetRows.find((r) => r[0] === second.sku)?.slice(2)).toEqual(['5', '7', '2']);

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('[data-status="approved"]')).toHaveText('Approved');
  await expect(page.getByRole('link', { name: /^Stock transfer #\d+$/ })).toBeVisible();
  await expect(page.getByText('(admin@hjem-is.test)')).toBeVisible();
  for (const gone of ['Approve', 'Delete']) await expect(page.getByRole('button', { name: gone })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  const balances = await sql<{ product_id: string; balance_amount: string }>(
    'select product_id, balance_amount::text from public.warehouse_product_balances where warehouse_id = $1 order by product_id',
    [warehouse.id],
  );
  expect(new Map(balances.map((b) => [b.product_id, b.balance_amount]))).toEqual(
    new Map([
      [first.id, '18.00'],
      [second.id, '7.00'],
    ]),
  );

  // The Manual Counting tab lists it; a new draft is deleted from its view and the tab shows again.
  await page.getByRole('link', { name: 'Back to warehouse' }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouses/${warehouse.id}/manual_countings$`));
  await expect(page.getByRole('link', { name: `View counting ${documentId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Manual counting' }).click();
  await page.getByRole('dialog', { name: 'Manual counting' }).getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/manual_counting_documents\/\d+$/);
  const draftId = Number(page.url().split('/').pop());
  await page.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Are you sure you want to delete this manual counting document?');
  await ask.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouses/${warehouse.id}/manual_countings$`));
  await expect(page.getByRole('link', { name: `View counting ${documentId}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `View counting ${draftId}` })).toHaveCount(0);
});

test("another depo's warehouse in the path does not show a document", async ({ page }) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const [doc] = await sql<{ id: string; warehouse_id: string }>(
    `select m.id, m.warehouse_id from public.manual_counting_documents m join public.tenants t on t.id = m.tenant_id
      where t.slug = 'hjem-is' and m.depo_id <> $1 order by m.id limit 1`,
    [aarhus],
  );
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  // The admin may read it in its own depo, but not under another depo's path.
  await page.goto(
    `/hjem-is/inventory/depo/${aarhus}/warehouses/${doc.warehouse_id}/manual_counting_documents/${doc.id}`,
  );
  await expect(page.getByText('Not found')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Counted products' })).toHaveCount(0);
});

test('a warehouse that went negative is counted: the negative line starts empty, a negative count is refused under its field, and the document saves', async ({
  page,
}) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const code = uniqueName(PREFIX);
  const [warehouse] = await sql<{ id: string; tenant_id: string }>(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) select tenant_id, id, $2, 'Went negative', 'depo' from public.depos where id = $1
     returning id, tenant_id`,
    [aarhus, code],
  );
  // It sold 17 of a product it never had, three days ago: its old value is -17.
  const [product] = await sql<{ id: string; sku: string }>(
    `select id, sku from public.products where tenant_id = $1 and status = 'active' order by sku limit 1`,
    [warehouse.tenant_id],
  );
  const [transfer] = await sql<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, kind, transfered_at)
     select $1, $2, $3, 'sales', now() - interval '3 days' returning id`,
    [warehouse.tenant_id, aarhus, warehouse.id],
  );
  await sql(
    `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 17)`,
    [warehouse.tenant_id, transfer.id, aarhus, product.id],
  );

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/warehouses/${warehouse.id}/products`);
  await page.getByRole('button', { name: 'Manual counting' }).click();
  await page.getByRole('dialog', { name: 'Manual counting' }).getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/manual_counting_documents\/\d+$/);
  const documentId = Number(page.url().split('/').pop());
  const lines = page.getByRole('table', { name: 'Counted products' });
  const row = (sku: string) =>
    lines.getByRole('row').filter({ has: page.getByRole('cell', { name: sku, exact: true }) });
  await expect(row(product.sku).getByRole('cell').nth(2)).toHaveText('-17');

  await page.getByRole('link', { name: 'Edit' }).click();
  const input = page.getByLabel(`New value ${product.sku}`);
  // Nobody counts -17 items: the field starts empty and the document can be saved as it is.
  await expect(input).toHaveValue('');
  const save = page.getByRole('button', { name: 'Save document' });
  await expect(save).toBeEnabled();
  // A negative count is refused under the field, and the greyed button says why.
  await input.fill('-17');
  await expect(page.getByText('New value must be greater than or equal to 0')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByRole('alert').filter({ hasText: '1 new value is not valid' })).toBeVisible();
  // Counted: 4 on the shelf.
  await input.fill('4');
  await expect(page.getByText('New value must be greater than or equal to 0')).toHaveCount(0);
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/manual_counting_documents/${documentId}$`));
  await expect(row(product.sku)).toHaveAttribute('data-changed', 'true');
  await expect(row(product.sku).getByRole('cell').nth(3)).toHaveText('4');
});
