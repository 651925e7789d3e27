import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The warehouse show page's Orders and Transfers tabs (edit only while pending, xlsx only between a depo's and a car's
// warehouse, the route filter values in the URL) and /warehouse_orders: warehouse filters, the month window, sortable
// headers, orders opening in a new tab, and the write-off export for the flagged tenant only (parsed).

const PREFIX = 'E2E-WO';

test.afterAll(async () => {
  const mine = `(select id from public.warehouses where code like '${PREFIX}-%')`;
  await sql(`delete from public.stock_orders where from_warehouse_id in ${mine} or to_warehouse_id in ${mine}`);
  await sql(`delete from public.stock_transfers where from_warehouse_id in ${mine} or to_warehouse_id in ${mine}`);
  await sql(`delete from public.warehouses where code like '${PREFIX}-%'`);
  await sql(`delete from public.cars where internal_number like '${PREFIX}-%'`);
});

/** Two depo warehouses and a car's of the hjem-is Aarhus depo, with orders and a write-off made last and this month. */
async function world() {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  // A car of its own (the seeded cars of the depo may all have warehouses).
  const [ownCar] = await sql<{ id: string }>(
    `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) select tenant_id, id, $2, $2 from public.depos where id = $1 returning id`,
    [aarhus, uniqueName(PREFIX)],
  );
  const make = (name: string, car: boolean) =>
    sql<{ id: string; code: string; tenant_id: string }>(
      `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, owner_car_id)
     select d.tenant_id, d.id, $2, $3, $4::public.warehouse_owner_type, $5::bigint
       from public.depos d where d.id = $1 returning id, code, tenant_id`,
      [aarhus, uniqueName(PREFIX), name, car ? 'car' : 'depo', car ? ownCar.id : null],
    ).then((rows) => rows[0]);
  const alpha = await make(`${PREFIX} Alpha`, false);
  const beta = await make(`${PREFIX} Beta`, false);
  const car = await make(`${PREFIX} Car`, true);
  const order = (from: string, to: string, message: string, daysAgo = 0) =>
    sql<{ id: string }>(
      `insert into public.stock_orders (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, main_storage_message, ordered_at)
     values ($1, $2, $3, $4, $5, now() - make_interval(days => $6)) returning id`,
      [alpha.tenant_id, aarhus, from, to, message, daysAgo],
    ).then((rows) => Number(rows[0].id));
  return { aarhus, alpha, beta, car, order };
}

test("the Orders and Transfers tabs list the warehouse's documents with the links the status allows", async ({
  page,
}) => {
  const { aarhus, alpha, car, beta, order } = await world();
  const pending = await order(alpha.id, car.id, 'To the car');
  const between = await order(alpha.id, beta.id, 'Between depo warehouses');
  const [transfer] = await sql<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, kind, description) values ($1, $2, $3, $4, 'regular', 'Morning load') returning id`,
    [alpha.tenant_id, aarhus, alpha.id, car.id],
  );

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/warehouses/${alpha.id}/products`);
  await page.getByRole('navigation', { name: 'Warehouse tabs' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouses/${alpha.id}/orders$`));
  const orders = page.getByRole('table', { name: 'Stock orders' });
  for (const header of ['From', 'To', 'Ordered at', 'Message', 'Created by', 'Created at']) {
    await expect(orders.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const base = `/hjem-is/inventory/depo/${aarhus}/warehouses/${alpha.id}/stock_orders`;
  await expect(orders.getByRole('link', { name: `View order ${pending}` })).toHaveAttribute(
    'href',
    `${base}/${pending}`,
  );
  await expect(orders.getByRole('link', { name: `Edit order ${pending}` })).toHaveAttribute(
    'href',
    `${base}/${pending}/edit`,
  );
  await expect(orders.getByRole('button', { name: `Export order ${pending}` })).toBeVisible();
  // Between two depo warehouses: no xlsx link.
  await expect(orders.getByRole('link', { name: `View order ${between}` })).toBeVisible();
  await expect(orders.getByRole('button', { name: `Export order ${between}` })).toHaveCount(0);
  await expect(orders.getByRole('row').filter({ hasText: 'To the car' })).toContainText(`${PREFIX} Car`);

  // A received order offers no edit: the open tab follows without a reload.
  await sql(`update public.stock_orders set status = 'received', stock_transfer_id = $2 where id = $1`, [
    pending,
    transfer.id,
  ]);
  await expect(orders.getByRole('link', { name: `View order ${pending}` })).toBeVisible();
  await expect(orders.getByRole('link', { name: `Edit order ${pending}` })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Warehouse tabs' }).getByRole('link', { name: 'Transfers' }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouses/${alpha.id}/transfers$`));
  const transfers = page.getByRole('table', { name: 'Stock transfers' });
  for (const header of ['From', 'To', 'Description', 'Kind', 'Transfered at', 'Created by']) {
    await expect(transfers.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const row = transfers.getByRole('row').filter({ hasText: 'Morning load' });
  await expect(row).toContainText('Regular');
  // A transfer made meanwhile shows without a reload.
  await sql(
    `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, kind, description) values ($1, $2, $3, $4, 'other', 'Evening return')`,
    [alpha.tenant_id, aarhus, car.id, alpha.id],
  );
  await expect(transfers.getByRole('row').filter({ hasText: 'Evening return' })).toContainText('Other');
  await expect(row.getByRole('link', { name: `View transfer ${transfer.id}` })).toHaveAttribute(
    'href',
    `/hjem-is/inventory/depo/${aarhus}/warehouses/${alpha.id}/stock_transfers/${transfer.id}`,
  );
});

test('/warehouse_orders filters by warehouse and month, sorts by its headers and opens an order in a new tab', async ({
  page,
  context,
}) => {
  const { aarhus, alpha, beta, car, order } = await world();
  const toBeta = await order(alpha.id, beta.id, 'Alpha to Beta');
  const toCar = await order(beta.id, car.id, 'Beta to Car');
  // Ordered 40 days ago: outside the current month's window whatever today is.
  await order(alpha.id, car.id, 'Long ago', 40);

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/warehouse_orders`);
  const table = page.getByRole('table', { name: 'Warehouse orders' });
  await expect(table.getByRole('link', { name: `Open order ${toBeta}` })).toBeVisible();
  await expect(table.getByText('Long ago')).toHaveCount(0);
  await expect(page.getByText('Page: 1')).toBeVisible();

  // From Beta only.
  await page.getByLabel('From warehouse').selectOption({ label: `${PREFIX} Beta (${beta.code})` });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(table.getByRole('link', { name: `Open order ${toCar}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Open order ${toBeta}` })).toHaveCount(0);

  // Both back, sorted by Ordered To ascending: Beta before Car.
  await page.getByLabel('From warehouse').selectOption([`${alpha.id}`, `${beta.id}`]);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Ordered To' }).click();
  await expect(page.getByRole('columnheader', { name: 'Ordered To' })).toHaveAttribute('aria-sort', 'ascending');
  const mineRows = table.getByRole('row').filter({ hasText: PREFIX });
  await expect(mineRows).toHaveCount(2);
  await expect(mineRows.nth(0)).toContainText('Alpha to Beta');
  await page.getByRole('button', { name: 'Ordered To' }).click();
  await expect(page.getByRole('columnheader', { name: 'Ordered To' })).toHaveAttribute('aria-sort', 'descending');
  await expect(mineRows.nth(0)).toContainText('Beta to Car');

  const opening = context.waitForEvent('page');
  await table.getByRole('link', { name: `Open order ${toCar}` }).click();
  const opened = await opening;
  expect(new URL(opened.url()).pathname).toBe(
    `/hjem-is/inventory/depo/${aarhus}/warehouses/${car.id}/stock_orders/${toCar}`,
  );
  await opened.close();
});

test('a tenant without the write-off flag gets no write-off export', async ({ page }) => {
  // hjem-is has has_write_off_export in the demo data; den-norske-isbilen has not.
  const [other] = await sql<{ id: string }>(
    `select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'den-norske-isbilen' order by d.id limit 1`,
  );
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await page.goto(`/den-norske-isbilen/inventory/depo/${other.id}/warehouse_orders`);
  await expect(page.getByRole('button', { name: 'Filter' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write off export' })).toHaveCount(0);
});

test('the write-off export shows for the flagged tenant and holds the write-off lines of the month', async ({
  page,
}) => {
  const [depo] = await sql<{ id: string; tenant_id: string }>(
    `select d.id, d.tenant_id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is' order by d.id limit 1`,
  );
  const code = uniqueName(PREFIX);
  const [warehouse] = await sql<{ id: string }>(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) values ($1, $2, $3, 'Write offs', 'depo') returning id`,
    [depo.tenant_id, depo.id, code],
  );
  const [product] = await sql<{ id: string; sku: string }>(
    `select id, sku from public.products where tenant_id = $1 order by sku limit 1`,
    [depo.tenant_id],
  );
  const [transfer] = await sql<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, kind, description) values ($1, $2, $3, 'write_off', 'Melted') returning id`,
    [depo.tenant_id, depo.id, warehouse.id],
  );
  await sql(
    `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 6)`,
    [depo.tenant_id, transfer.id, depo.id, product.id],
  );

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${depo.id}/warehouse_orders`);
  await page.getByLabel('From warehouse').selectOption({ label: `Write offs (${code})` });
  await page.getByRole('button', { name: 'Filter' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Write off export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^write_offs_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = execFileSync('unzip', ['-p', await download.path(), 'xl/worksheets/sheet1.xml']).toString('utf8');
  const rows = [...sheet.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map((m) =>
    [...m[2].matchAll(/<(?:v|t[^>]*)>([^<]*)<\/(?:v|t)>/g)].map((c) => c[1]),
  );
  expect(rows[0]).toEqual([
    'Transfer',
    'Transfered at',
    'Warehouse code',
    'Warehouse',
    'Sku',
    'Description',
    'Amount',
    'Reason',
    'Created by',
  ]);
  expect(rows.slice(1)).toHaveLength(1);
  expect(rows[1][0]).toBe(transfer.id);
  expect(rows[1]).toContain(product.sku);
  expect(rows[1]).toContain('6');
  expect(rows[1]).toContain('Melted');
});
