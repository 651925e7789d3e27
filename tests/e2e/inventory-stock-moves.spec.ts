import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { waitForLiveTopic } from './support/live.ts';
import { signInAs } from './support/staff.ts';

// Stock orders and transfers as a person works them: the grid by keyboard and by a pasted spreadsheet block, the
// remaining balance red with 'Not enough stock?', Save & Approve into the order view, the xlsx export opened and
// read, the print view; a win_lose transfer preset by the link; an open order view following another's approval.

const PREFIX = 'E2E-MOVE';

interface World {
  depo: number;
  tenantId: string;
  from: { id: number; code: string };
  to: { id: number; code: string };
  skus: string[];
}

async function makeWorld(): Promise<World> {
  const depo = await depoId('hjem-is', 'Aarhus');
  const made = [];
  for (const name of ['From', 'To']) {
    const code = uniqueName(PREFIX);
    const [row] = await sql<{ id: string; tenant_id: string }>(
      `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) select tenant_id, id, $2, $3, 'depo' from public.depos where id = $1
       returning id, tenant_id`,
      [depo, code, `${name} ${code}`],
    );
    made.push({ id: Number(row.id), code, tenantId: row.tenant_id });
  }
  const tenantId = made[0].tenantId;
  const products = await sql<{ id: string; sku: string }>(
    `select id, sku from public.products where tenant_id = $1 and status = 'active' and packaging_size > 1 order by sku limit 3`,
    [tenantId],
  );
  // 10 of the first product in the from-warehouse (a transfer in, as the ledger wants it).
  const [load] = await sql<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, kind, description) values ($1, $2, $3, 'regular', 'E2E load') returning id`,
    [tenantId, depo, made[0].id],
  );
  await sql(
    'insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 10)',
    [tenantId, load.id, depo, products[0].id],
  );
  return { depo, tenantId, from: made[0], to: made[1], skus: products.map((p) => p.sku) };
}

const balance = async (warehouseId: number, sku: string) => {
  const rows = await sql<{ balance_amount: string }>(
    `select b.balance_amount::text from public.warehouse_product_balances b join public.products p on p.id = b.product_id
      where b.warehouse_id = $1 and p.sku = $2`,
    [warehouseId, sku],
  );
  return rows.length ? Number(rows[0].balance_amount) : 0;
};

/** A block pasted from a spreadsheet into a cell (tab separated, one row a line). */
async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).focus();
  await page.getByLabel(label).evaluate((input, block) => {
    const data = new DataTransfer();
    data.setData('text/plain', block);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

let world: World;
test.beforeAll(async () => {
  world = await makeWorld();
});
test.afterAll(async () => {
  const codes = `${PREFIX}-%`;
  const mine = 'select id from public.warehouses where code like $1';
  await sql(
    `update public.stock_transfers set stock_order_id = null where from_warehouse_id in (${mine}) or to_warehouse_id in (${mine})`,
    [codes],
  );
  await sql(`delete from public.stock_orders where from_warehouse_id in (${mine}) or to_warehouse_id in (${mine})`, [
    codes,
  ]);
  await sql(`delete from public.stock_transfers where from_warehouse_id in (${mine}) or to_warehouse_id in (${mine})`, [
    codes,
  ]);
  await sql(`delete from public.warehouses where code like $1`, [codes]);
});

test('an order typed and pasted into the grid, Save & Approve, its view, export and print', async ({ page }) => {
  const [first, second, third] = world.skus;
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${world.depo}/warehouses/${world.to.id}/stock_orders/new`);
  const form = page.getByRole('form', { name: 'Stock order' });
  await form
    .getByLabel('From', { exact: true })
    .selectOption({ label: `From ${world.from.code} (${world.from.code})` });
  await form.getByLabel('To', { exact: true }).selectOption({ label: `To ${world.to.code} (${world.to.code})` });
  await expect(form.getByLabel('Kind')).toHaveValue('regular');

  // Keyboard: the sku, Enter to the amount, the amount, Enter to the next row's Sku.
  await page.getByLabel('Sku, row 1').fill(first);
  await page.getByLabel('Sku, row 1').press('Enter');
  await expect(page.getByLabel('Order amount, row 1')).toBeFocused();
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Sku, row 2')).toBeFocused();
  const grid = page.getByRole('table', { name: 'Stock lines' });
  const row = (n: number) => grid.getByRole('row').nth(n);
  await expect(row(1).getByRole('cell').nth(4)).toHaveText('3'); // 10 in stock - 7
  await expect(page.getByRole('link', { name: 'Not enough stock?' })).toHaveCount(0);

  // A block from a spreadsheet: two more rows; the third product is not in stock, its remaining balance red.
  await pasteInto(page, 'Sku, row 2', `${second}\t2\n${third}\t5\n`);
  await expect(page.getByLabel('Sku, row 2')).toHaveValue(second);
  await expect(page.getByLabel('Order amount, row 3')).toHaveValue('5');
  await expect(row(3).getByRole('cell').nth(4)).toHaveText('-5');
  await expect(row(3)).toHaveClass(/stock-lines__row--negative/);
  await expect(page.getByRole('link', { name: 'Not enough stock?' })).toBeVisible();
  // Packages follow the amount (rounded up to whole packages); an amount follows packages.
  const [{ packaging_size: size }] = await sql<{ packaging_size: number }>(
    'select packaging_size from public.products where tenant_id = $1 and sku = $2',
    [world.tenantId, third],
  );
  await expect(page.getByLabel('Packages amount, row 3')).toHaveValue(String(Math.ceil(5 / size)));
  await page.getByLabel('Packages amount, row 3').fill('2');
  await expect(page.getByLabel('Order amount, row 3')).toHaveValue(String(2 * size));
  // Delete a row.
  await page.getByRole('button', { name: 'Delete row 2' }).click();
  await expect(page.getByLabel('Sku, row 2')).toHaveValue(third);

  await page.getByRole('button', { name: 'Save & Approve' }).click();
  await expect(page.getByText('Stock Transfer succesfuly created')).toBeVisible();
  await expect(page).toHaveURL(/\/stock_orders\/\d+$/);
  const view = page.locator('.stock-view');
  await expect(view.getByText('received', { exact: true })).toBeVisible();
  for (const hidden of ['Approve', 'Delete'])
    await expect(page.getByRole('button', { name: hidden, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  const lines = page.getByRole('table', { name: 'Order lines' });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines.getByRole('row').filter({ hasText: first })).toContainText('(7)');
  expect(await balance(world.from.id, first)).toBe(3);
  expect(await balance(world.to.id, first)).toBe(7);
  expect(await balance(world.to.id, third)).toBe(2 * size);

  // The xlsx: its lines, read from the file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^stock_order_\d+\.xlsx$/);
  const sheet = execFileSync('unzip', ['-p', await download.path(), 'xl/worksheets/sheet1.xml']).toString('utf8');
  expect(sheet.match(/<row /g)).toHaveLength(3);
  for (const text of ['SKU', 'Received amount', first, third]) expect(sheet).toContain(text);

  // Print: the document alone, without the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(lines).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
});

test('a win_lose transfer from the link: the selects preset and locked', async ({ page }) => {
  const [first] = world.skus;
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  const before = await balance(world.to.id, first);
  await page.goto(
    `/hjem-is/inventory/depo/${world.depo}/warehouses/${world.to.id}/stock_transfers/new?kind=win_lose&to_warehouse_id=${world.to.id}`,
  );
  const form = page.getByRole('form', { name: 'Stock transfer' });
  await expect(form.getByLabel('Kind')).toHaveValue('win_lose');
  await expect(form.getByLabel('To', { exact: true })).toHaveValue(String(world.to.id));
  await expect(form.getByLabel('From', { exact: true })).toHaveValue('');
  for (const select of ['Depo', 'From', 'To', 'Kind'])
    await expect(form.getByLabel(select, { exact: true })).toBeDisabled();
  await expect(form.getByLabel('Movement order ID')).toBeVisible();
  await form.getByLabel('Description').fill('Found in the freezer');
  await page.getByLabel('Sku, row 1').fill(first);
  await page.getByLabel('Sku, row 1').press('Enter');
  await expect(page.getByLabel('Transfer amount, row 1')).toBeFocused();
  await page.keyboard.type('2');
  // A double click is one transfer.
  await page.getByRole('button', { name: 'Create Transfer' }).dblclick();
  await expect(page.getByText('Stock Transfer succesfuly created')).toBeVisible();
  await expect(page).toHaveURL(/\/stock_transfers\/\d+$/);
  await expect(page.locator('.stock-view')).toContainText('Found in the freezer');
  await expect(
    page.getByRole('table', { name: 'Transfer lines' }).getByRole('row').filter({ hasText: first }),
  ).toContainText('(2)');
  expect(await balance(world.to.id, first)).toBe(before + 2);
  const [{ n }] = await sql<{ n: string }>(
    `select count(*) as n from public.stock_transfers where to_warehouse_id = $1 and kind = 'win_lose'`,
    [world.to.id],
  );
  expect(Number(n)).toBe(1);
});

test('an open order view follows another person approving it', async ({ page, browser }) => {
  const [first] = world.skus;
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${world.depo}/warehouses/${world.to.id}/stock_orders/new`);
  const form = page.getByRole('form', { name: 'Stock order' });
  await form
    .getByLabel('From', { exact: true })
    .selectOption({ label: `From ${world.from.code} (${world.from.code})` });
  await form.getByLabel('To', { exact: true }).selectOption({ label: `To ${world.to.code} (${world.to.code})` });
  await page.getByLabel('Sku, row 1').fill(first);
  await page.getByLabel('Sku, row 1').press('Enter');
  await expect(page.getByLabel('Order amount, row 1')).toBeFocused();
  await page.keyboard.type('1');
  await expect(page.getByLabel('Order amount, row 1')).toHaveValue('1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/stock_orders\/\d+$/);
  await expect(page.locator('.stock-view').getByText('pending', { exact: true })).toBeVisible();
  // A pending order opens in its edit form with its lines; the saved change shows on the view.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Sku, row 1')).toHaveValue(first);
  await expect(page.getByLabel('Order amount, row 1')).toHaveValue('1');
  await page.getByLabel('Order amount, row 1').fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/stock_orders\/\d+$/);
  await expect(
    page.getByRole('table', { name: 'Order lines' }).getByRole('row').filter({ hasText: first }),
  ).toContainText('(3)');
  await waitForLiveTopic(page, 'stock_orders');

  const other = await browser.newPage();
  try {
    await signInAs(other, 'hjem-is', 'admin@hjem-is.test');
    await other.goto(page.url());
    await other.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(other.getByText('Stock Transfer succesfuly created')).toBeVisible();
  } finally {
    await other.close();
  }
  await expect(page.locator('.stock-view').getByText('received', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
});

test('an order amount of -5 or 2.555 is refused under its field and nothing is saved', async ({ page }) => {
  const [first] = world.skus;
  const orders = () =>
    sql(`select id from public.stock_orders where to_warehouse_id = $1 or from_warehouse_id = $1 order by id`, [
      world.to.id,
    ]);
  const before = await orders();
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${world.depo}/warehouses/${world.to.id}/stock_orders/new`);
  const form = page.getByRole('form', { name: 'Stock order' });
  await form
    .getByLabel('From', { exact: true })
    .selectOption({ label: `From ${world.from.code} (${world.from.code})` });
  await form.getByLabel('To', { exact: true }).selectOption({ label: `To ${world.to.code} (${world.to.code})` });
  await page.getByLabel('Sku, row 1').fill(first);
  await page.getByLabel('Sku, row 1').press('Enter');
  const amount = page.getByLabel('Order amount, row 1');
  await amount.fill('-5');
  await expect(amount).toHaveAccessibleDescription('must be greater than 0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(amount).toBeFocused();
  await amount.fill('2.555');
  await expect(amount).toHaveAccessibleDescription('must have at most 2 decimals');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(amount).toBeFocused();
  await expect(page).toHaveURL(/\/stock_orders\/new$/);
  expect(await orders()).toEqual(before);
  // A good amount goes through.
  await amount.fill('2.5');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/stock_orders\/\d+$/);
});

test('deleting a pending order says it is gone and returns to the refreshed orders list, with no Not found', async ({
  page,
}) => {
  const [first] = world.skus;
  const [order] = await sql<{ id: string }>(
    `insert into public.stock_orders (tenant_id, depo_id, status, from_warehouse_id, to_warehouse_id, to_depo_id, reason, kind)
     values ($1, $2, 'pending', $3, $4, $2, 'E2E to delete', 'regular') returning id`,
    [world.tenantId, world.depo, world.from.id, world.to.id],
  );
  await sql(
    `insert into public.stock_order_line_items (tenant_id, stock_order_id, depo_id, product_id, amount)
     select $1, $2, $3, id, 2 from public.products where tenant_id = $1 and sku = $4`,
    [world.tenantId, order.id, world.depo, first],
  );
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  const ordersTab = `/hjem-is/inventory/depo/${world.depo}/warehouses/${world.to.id}/orders`;
  await page.goto(ordersTab);
  const orders = page.getByRole('table', { name: 'Stock orders' });
  await expect(orders.getByRole('link', { name: `View order ${order.id}` })).toBeVisible();
  await orders.getByRole('link', { name: `View order ${order.id}` }).click();
  await expect(page.locator('.stock-view').getByText('pending', { exact: true })).toBeVisible();
  await waitForLiveTopic(page, 'stock_orders');

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Stock order was successfully destroyed.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ordersTab}$`));
  await expect(orders).toBeVisible();
  await expect(orders.getByRole('link', { name: `View order ${order.id}` })).toHaveCount(0);
  await expect(page.getByText(/Not found/)).toHaveCount(0);
  expect(await sql('select id from public.stock_orders where id = $1', [order.id])).toEqual([]);
});

test('on a phone the stock order form fits 390 px and its lines are still typed in', async ({ browser }) => {
  const [first] = world.skus;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
    await page.goto(`/hjem-is/inventory/depo/${world.depo}/warehouses/${world.to.id}/stock_orders/new`);
    const form = page.getByRole('form', { name: 'Stock order' });
    await form
      .getByLabel('From', { exact: true })
      .selectOption({ label: `From ${world.from.code} (${world.from.code})` });
    await page.getByLabel('Sku, row 1').fill(first);
    await page.getByLabel('Sku, row 1').press('Enter');
    await expect(page.getByLabel('Order amount, row 1')).toBeFocused();
    await page.keyboard.type('4');
    await expect(page.getByLabel('Sku, row 2')).toBeVisible();
    const box = await form.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // Nothing of the page lies beyond the screen's edge (no sideways scrolling to reach a cell).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const label of ['Sku, row 1', 'Packages amount, row 1', 'Order amount, row 1', 'Delete row 1']) {
      const cell = await page.getByLabel(label).boundingBox();
      expect(cell!.x + cell!.width, label).toBeLessThanOrEqual(390);
    }
  } finally {
    await context.close();
  }
});
