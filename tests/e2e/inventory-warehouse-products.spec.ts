import { expect, test } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The warehouse show page's Products tab: balances against the depo minimum, an actual balance below zero red,
// checking a row prefills what is missing, packages <-> amount by packaging size, and the future quantity saved
// once, 300 ms after the last keystroke.

const PREFIX = 'E2E-WHP';

test.afterAll(async () => {
  await sql(
    `delete from public.stock_transfers where from_warehouse_id in (select id from public.warehouses where code like $1) or to_warehouse_id in (select id from public.warehouses where code like $1)`,
    [`${PREFIX}-%`],
  );
  await sql(`delete from public.warehouses where code like $1`, [`${PREFIX}-%`]);
});

test('the products tab prefills the missing balance, keeps packages and amount in step and saves the future quantity', async ({
  page,
}) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const code = uniqueName(PREFIX);
  // A new depo warehouse of its own: nothing in it, so each product misses its whole depo minimum.
  const [warehouse] = await sql<{ id: string; tenant_id: string }>(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) select tenant_id, id, $2, 'Products tab', 'depo' from public.depos where id = $1
     returning id, tenant_id`,
    [aarhus, code],
  );
  // It sold 5 of one product it never had: that balance is -5 (the row red).
  const [{ id: soldId, sku: soldSku }] = await sql<{ id: string; sku: string }>(
    `select id, sku from public.products where tenant_id = $1 and status = 'active' order by sku desc limit 1`,
    [warehouse.tenant_id],
  );
  const [transfer] = await sql<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, kind) values ($1, $2, $3, 'sales') returning id`,
    [warehouse.tenant_id, aarhus, warehouse.id],
  );
  await sql(
    `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 5)`,
    [warehouse.tenant_id, transfer.id, aarhus, soldId],
  );
  // A product missing at least two packages of more than one unit each.
  const [missing] = await sql<{
    sku: string;
    packaging_size: number;
    missing_balance_amount: string;
    missing_balance_packages_count: number;
  }>(
    `select sku, packaging_size, missing_balance_amount::text, missing_balance_packages_count from public.warehouse_products_balance($1)
      where packaging_size > 1 and missing_balance_packages_count > 1 order by sku limit 1`,
    [warehouse.id],
  );

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/warehouses`);
  await page
    .getByRole('region', { name: 'Warehouses' })
    .getByRole('link', { name: `View ${code}` })
    .click();
  // A grid (it may hold thousands of products and draws the rows in view).
  const table = page.getByRole('region', { name: 'Warehouse products' });
  for (const header of [
    'Sku',
    'Description',
    'Minimum amount',
    'Balance',
    'Actual Balance',
    'Future quantity',
    'Future date',
    'Packages',
    'Order/Transfer amount',
  ]) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const row = (sku: string) =>
    table.getByRole('row').filter({ has: page.getByRole('gridcell', { name: sku, exact: true }) });
  await expect(row(soldSku)).toHaveClass(/warehouse-products__row--negative/);
  await expect(row(missing.sku)).not.toHaveClass(/warehouse-products__row--negative/);

  // Checking the row offers what is missing, in whole packages.
  await row(missing.sku).getByRole('checkbox').check();
  await expect(row(missing.sku).getByLabel(`Packages of ${missing.sku}`)).toHaveValue(
    String(missing.missing_balance_packages_count),
  );
  await expect(row(missing.sku).getByLabel(`Amount of ${missing.sku}`)).toHaveValue(
    String(Number(missing.missing_balance_amount)),
  );
  // An amount needs the rounded-up packages; packages give packages x size.
  await row(missing.sku)
    .getByLabel(`Amount of ${missing.sku}`)
    .fill(String(missing.packaging_size + 1));
  await expect(row(missing.sku).getByLabel(`Packages of ${missing.sku}`)).toHaveValue('2');
  await row(missing.sku).getByLabel(`Packages of ${missing.sku}`).fill('3');
  await expect(row(missing.sku).getByLabel(`Amount of ${missing.sku}`)).toHaveValue(String(3 * missing.packaging_size));

  // The future quantity of the sold product (it has a balance row) saves once for the typed number.
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/rest/v1/warehouse_product_balances'))
      saves.push(request.url());
  });
  await row(soldSku).getByLabel(`Future quantity of ${soldSku}`).pressSequentially('125', { delay: 50 });
  await expect(page.getByText(`${soldSku} was updated`)).toBeVisible();
  const [balance] = await sql<{ future_inventory_quantity: string; balance_amount: string }>(
    `select future_inventory_quantity::text, balance_amount::text from public.warehouse_product_balances where warehouse_id = $1 and product_id = $2`,
    [warehouse.id, soldId],
  );
  expect(balance).toEqual({ future_inventory_quantity: '125.00', balance_amount: '-5.00' });
  expect(saves).toHaveLength(1);

  // Live: stock moved by someone else shows at once, and what was typed in the row stays.
  await expect(row(missing.sku).getByLabel(`Amount of ${missing.sku}`)).toHaveValue(String(3 * missing.packaging_size));
  await page.waitForFunction(
    (topic) => (document.documentElement.dataset.liveTopics ?? '').split(' ').includes(topic),
    `depo:${aarhus}:stock`,
  );
  const [load] = await sql<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, kind) values ($1, $2, $3, 'regular') returning id`,
    [warehouse.tenant_id, aarhus, warehouse.id],
  );
  await sql(
    `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 8)`,
    [warehouse.tenant_id, load.id, aarhus, soldId],
  );
  await expect(row(soldSku).getByRole('gridcell').nth(4)).toHaveText('3');
  await expect(row(soldSku)).not.toHaveClass(/warehouse-products__row--negative/);
  await expect(row(missing.sku).getByLabel(`Amount of ${missing.sku}`)).toHaveValue(String(3 * missing.packaging_size));
});

test('at 1440×900, opened by its address, the tab shows every column, the whole future date input and the red row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const code = uniqueName(PREFIX);
  const [warehouse] = await sql<{ id: string; tenant_id: string }>(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) select tenant_id, id, $2, 'Products tab wide', 'depo' from public.depos where id = $1
     returning id, tenant_id`,
    [aarhus, code],
  );
  // One sold product it never had (-5: red, with a balance row, so it has a future date input) and one it holds.
  const products = await sql<{ id: string; sku: string }>(
    `select id, sku from public.products where tenant_id = $1 and status = 'active' order by sku limit 2`,
    [warehouse.tenant_id],
  );
  const [sold, held] = products;
  for (const [kind, from, to, product] of [
    ['sales', warehouse.id, null, sold.id],
    ['regular', null, warehouse.id, held.id],
  ] as const) {
    const [transfer] = await sql<{ id: string }>(
      `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, kind) values ($1, $2, $3, $4, $5) returning id`,
      [warehouse.tenant_id, aarhus, from, to, kind],
    );
    await sql(
      `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 5)`,
      [warehouse.tenant_id, transfer.id, aarhus, product],
    );
  }

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  // Straight to the tab, not through the warehouses list (whose page used to bring the tab's styles along).
  await page.goto(`/hjem-is/inventory/depo/${aarhus}/warehouses/${warehouse.id}/products`);
  const table = page.getByRole('region', { name: 'Warehouse products' });
  const row = (sku: string) =>
    table.getByRole('row').filter({ has: page.getByRole('gridcell', { name: sku, exact: true }) });
  await expect(row(sold.sku)).toBeVisible();
  for (const name of ['Future quantity', 'Future date', 'Packages', 'Order/Transfer amount']) {
    const header = table.getByRole('columnheader', { name, exact: true });
    await expect(header).toBeVisible();
    // Polled: the plain first paint hands over to the grid, which sizes its columns once drawn.
    await expect
      .poll(
        async () => {
          const box = await header.boundingBox();
          return box ? box.x + box.width : Number.POSITIVE_INFINITY;
        },
        { message: `${name} within 1440` },
      )
      .toBeLessThanOrEqual(1440);
  }

  // The future date input lies inside its row and its column, not cut off below or beside it.
  const date = row(sold.sku).getByRole('textbox', { name: `Future date of ${sold.sku}` });
  await expect(date).toBeVisible();
  const inside = async () => {
    const [input, rowBox, cellBox] = await Promise.all([
      date.boundingBox(),
      row(sold.sku).boundingBox(),
      table.getByRole('columnheader', { name: 'Future date', exact: true }).boundingBox(),
    ]);
    if (!input || !rowBox || !cellBox) return false;
    return (
      input.y >= rowBox.y - 1 &&
      input.y + input.height <= rowBox.y + rowBox.height + 1 &&
      input.x >= cellBox.x - 1 &&
      input.x + input.width <= cellBox.x + cellBox.width + 1
    );
  };
  await expect.poll(inside, { message: 'the future date input within its row and column' }).toBe(true);

  // The red row without the list page having been opened.
  await expect(row(sold.sku)).toHaveClass(/warehouse-products__row--negative/);
  const background = (sku: string) => row(sku).evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect.poll(() => background(sold.sku)).toBe('rgb(254, 226, 226)');
  expect(await background(held.sku)).not.toBe('rgb(254, 226, 226)');
});
