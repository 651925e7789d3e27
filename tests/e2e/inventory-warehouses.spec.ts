import { expect, test } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { mainMenu } from './support/main-menu.ts';
import { signInAs } from './support/staff.ts';

// The warehouses list of a depo: code, name, owner (type) and negative balances, a warehouse with any product below
// zero shown red.

const PREFIX = 'E2E-WH';

test.afterAll(async () => {
  await sql(
    `delete from public.stock_transfers where from_warehouse_id in (select id from public.warehouses where code like $1)`,
    [`${PREFIX}-%`],
  );
  await sql(`delete from public.warehouses where code like $1`, [`${PREFIX}-%`]);
});

test("the warehouses list shows each warehouse's owner and negative balances, the short ones red", async ({ page }) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  // A warehouse of its own that sold two products it never had: two negative balances.
  const short = uniqueName(PREFIX);
  const [warehouse] = await sql<{ id: string; tenant_id: string }>(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) select tenant_id, id, $2, 'Short', 'depo' from public.depos where id = $1
     returning id, tenant_id`,
    [aarhus, short],
  );
  const [transfer] = await sql<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, kind) values ($1, $2, $3, 'sales') returning id`,
    [warehouse.tenant_id, aarhus, warehouse.id],
  );
  await sql(
    `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
             select $1, $2, $3, p.id, 3 from public.products p where p.tenant_id = $1 order by p.id limit 2`,
    [warehouse.tenant_id, transfer.id, aarhus],
  );
  const [fine] = await sql<{ code: string }>(
    `select w.code from public.warehouses w where w.depo_id = $1 and w."primary"
        and not exists (select 1 from public.warehouse_product_balances b where b.warehouse_id = w.id and b.balance_amount < 0)`,
    [aarhus],
  );

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Warehouses' }).click();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/inventory/depo/${aarhus}/warehouses`));
  const grid = page.getByRole('region', { name: 'Warehouses' });
  for (const header of ['Code', 'Name', 'Owner', 'Negative balances']) {
    await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeAttached();
  }
  const row = (code: string) =>
    grid.getByRole('row').filter({ has: page.getByRole('gridcell', { name: code, exact: true }) });
  await expect(row(`D${aarhus}`)).toContainText('Aarhus (depo)');
  await expect(row(fine.code)).not.toHaveClass(/warehouse-row--negative/);
  await expect(row(short)).toContainText('2');
  await expect(row(short)).toHaveClass(/warehouse-row--negative/);
});
