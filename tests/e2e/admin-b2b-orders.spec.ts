import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { stackInfo } from '../support/stack-info.ts';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

/** SQL as the superuser: the external order system's part. */
async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

const PREFIX = 'E2E-ORD-';
const grid = (page: Page) => page.getByRole('region', { name: 'B2B orders' });
const dataRows = (page: Page) => grid(page).locator('.ag-row:not(.ag-full-width-row)');
const cell = (page: Page, orderId: number, column: string) =>
  grid(page).locator(`.ag-row[row-id="order-${orderId}"] [col-id="${column}"]`);

let orderIds: number[] = [];

test.beforeAll(async () => {
  // Twenty orders of our own, dated after every seeded one, so they fill the first page.
  const rows = await sql<{ id: string }>(
    `insert into public.b2b_orders (tenant_id, customer_number, date, shop_name, total_revenue, total_discount, total_quantity)
     select t.id, $1 || n, current_date + 400 + n, 'E2E Shop ' || n, 1234.5, 10, 3
       from public.tenants t cross join generate_series(1, 20) n where t.slug = 'hjem-is'
     returning id`,
    [PREFIX],
  );
  orderIds = rows.map((row) => Number(row.id)).sort((a, b) => b - a);
  await sql(
    `insert into public.b2b_order_line_items (tenant_id, b2b_order_id, category_name, product_name, quantity, total_line_amount, discount)
     select o.tenant_id, o.id, 'Ice cream', p.name, p.qty, p.amount, p.discount
       from public.b2b_orders o
       cross join (values ('Vanilla 1L', 2, 1000.5, 10), ('Choco cones 6-pack', 1, 234, 0)) p(name, qty, amount, discount)
      where o.customer_number like $1 || '%'`,
    [PREFIX],
  );
});

test.afterAll(async () => {
  await sql(`delete from public.b2b_orders where customer_number like $1 || '%'`, [PREFIX]);
});

test('B2B orders: columns, paging, line items and amounts in the tenant currency', async ({ page }) => {
  const [{ n }] = await sql<{ n: string }>(
    `select count(*) as n from public.b2b_orders o join public.tenants t on t.id = o.tenant_id where t.slug = 'hjem-is'`,
  );
  const total = Number(n);
  expect(total).toBeGreaterThan(25);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await expect((await mainMenu(page)).getByRole('link', { name: 'B2B Orders' })).toHaveAttribute(
    'href',
    /\/hjem-is\/admin\/b2b_orders/,
  );
  await page.goto('/hjem-is/admin/b2b_orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('B2B Orders');
  for (const header of [
    'Actions',
    'order id',
    'Customer ID',
    'Date',
    'Shop name',
    'Total revenue',
    'Total discount',
    'Total quantity',
    'Exported at',
  ]) {
    await expect(grid(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(dataRows(page)).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();

  // Our newest order is first; its amounts are in DKK the Danish way.
  const newest = orderIds[0];
  await expect(cell(page, newest, 'id')).toHaveText(String(newest));
  await expect(cell(page, newest, 'customer_number')).toHaveText(`${PREFIX}20`);
  await expect(cell(page, newest, 'total_revenue')).toHaveText(/1\.234,50\s*kr\./);
  await expect(cell(page, newest, 'date')).toHaveText(/^\d{2}-\d{2}-\d{4}$/);

  // Expand and collapse the line items.
  await page.getByRole('button', { name: `Show line items of order ${newest}` }).click();
  const items = page.getByRole('group', { name: `Line items of order ${newest}` });
  await expect(items.getByRole('columnheader')).toHaveText([
    'Category name',
    'Product name',
    'Quantity',
    'Total line amount',
    'Discount',
  ]);
  await expect(items.getByRole('row')).toHaveCount(3);
  await expect(items.getByRole('row').nth(1)).toContainText('Vanilla 1L');
  await expect(items.getByRole('row').nth(1)).toContainText(/1\.000,50\s*kr\./);
  await page.getByRole('button', { name: `Hide line items of order ${newest}` }).click();
  await expect(items).toBeHidden();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page: 2')).toBeVisible();
  await expect(dataRows(page)).toHaveCount(Math.min(25, total - 25));
  if (total < 50) await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
});

test('ticked orders download as CSV, and Exported at updates', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/b2b_orders');
  const [first, second] = orderIds;
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await expect(cell(page, first, 'exported_at')).toHaveText('');

  await page.getByRole('checkbox', { name: `Export order ${first}` }).check();
  await page.getByRole('checkbox', { name: `Export order ${second}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^b2b_orders_.*\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'order id,Customer ID,Date,Shop name,Total revenue,Total discount,Total quantity,Category name,Product name,Quantity,Total line amount,Discount',
  );
  expect(lines).toHaveLength(1 + 4); // two orders, two line items each
  expect(lines.filter((line) => line.startsWith(`${first},`))).toHaveLength(2);
  expect(lines.filter((line) => line.startsWith(`${second},`))).toHaveLength(2);

  // The list reloads after 500 ms: Exported at shows the time, the ticks are cleared.
  await expect(cell(page, first, 'exported_at')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  await expect(cell(page, second, 'exported_at')).not.toHaveText('');
  await expect(page.getByRole('checkbox', { name: `Export order ${first}` })).not.toBeChecked();
  const exported = await sql<{ id: string }>(
    'select id from public.b2b_orders where id = any($1) and exported_at is not null',
    [[first, second]],
  );
  expect(exported).toHaveLength(2);
});

test('support staff read the orders but do not export them', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'support@hjem-is.test');
  await page.goto('/hjem-is/admin/b2b_orders');
  await expect(dataRows(page)).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});
