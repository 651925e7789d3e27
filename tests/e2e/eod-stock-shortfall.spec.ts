import { expect as baseExpect, test } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { makeEodTrip, type EodTrip } from './support/eod-world.ts';
import { signInAs } from './support/staff.ts';

// Issue 25 item 1, as the admin does it: the approval of a report whose car lacks stock fails with the warehouse
// dialog; its link opens the win_lose transfer form already holding exactly the missing SKUs and amounts; Create
// Transfer comes back to the EOD list with the report open, and Approve now succeeds.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

let trip: EodTrip | undefined;
let carWarehouseId: string | undefined;

test.afterEach(async () => {
  if (trip && carWarehouseId) {
    // The report's sales transfer and the win_lose made by the test: the car's balances end as they began.
    const made = `select id from public.stock_transfers where (to_warehouse_id = $1 and kind = 'win_lose' and created_at > now() - interval '1 hour')
                    or description = $2`;
    await sql(`update public.end_of_day_reports set stock_transfer_id = null where id = $1`, [trip.reportId]);
    await sql(`update public.eod_order_line_items set stock_transfer_id = null where stock_transfer_id in (${made})`, [
      carWarehouseId,
      `End of day report ${trip.reportId}`,
    ]);
    await sql(`delete from public.stock_transfers where id in (${made})`, [
      carWarehouseId,
      `End of day report ${trip.reportId}`,
    ]);
  }
  await trip?.drop();
  trip = undefined;
  carWarehouseId = undefined;
});

test('a stock shortfall is made good from the dialog: the transfer form is pre-filled, saves, returns, and the report approves', async ({
  page,
}) => {
  trip = await makeEodTrip('hjem-is', {
    sold: [
      { sku: 'IS-101', quantity: 500, amount: 100 },
      { sku: 'IS-102', quantity: 400, amount: 80 },
    ],
  });
  const [car] = await sql<{ warehouse_id: string; code: string; short_101: string; short_102: string }>(
    `select w.id as warehouse_id, w.code,
            (500 - coalesce((select b.balance_amount from public.warehouse_product_balances b join public.products p on p.id = b.product_id
                              where b.warehouse_id = w.id and p.wallmob_sku = 'IS-101'), 0))::text as short_101,
            (400 - coalesce((select b.balance_amount from public.warehouse_product_balances b join public.products p on p.id = b.product_id
                              where b.warehouse_id = w.id and p.wallmob_sku = 'IS-102'), 0))::text as short_102
       from public.end_of_day_reports e join public.warehouses w on w.owner_car_id = e.car_id
      where e.id = $1 order by w.id limit 1`,
    [trip.reportId],
  );
  carWarehouseId = car.warehouse_id;
  const missing = { 'IS-101': Number(car.short_101), 'IS-102': Number(car.short_102) };
  expect(missing['IS-101']).toBeGreaterThan(0);
  expect(missing['IS-102']).toBeGreaterThan(0);

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(trip.listUrl());
  await page
    .getByRole('region', { name: 'End of day reports' })
    .getByRole('button', { name: `Expand report ${trip.reportId}` })
    .click();
  const sections = page.getByTestId(`eod-sections-${trip.reportId}`);
  await sections.getByRole('button', { name: 'Approve' }).click();

  const dialog = page.getByRole('dialog', { name: `There is not enough stock in warehouse ${car.code}` });
  await expect(dialog.getByRole('row', { name: `IS-101 ${missing['IS-101']}` })).toBeVisible();
  await expect(dialog.getByRole('row', { name: `IS-102 ${missing['IS-102']}` })).toBeVisible();
  await dialog.getByRole('link', { name: 'Create win_lose stock transfer' }).click();

  // The form: win_lose into the car's warehouse, with exactly the missing products and amounts.
  await expect(page.getByRole('heading', { name: 'New stock transfer' })).toBeVisible();
  await expect(page.getByLabel('Kind')).toHaveValue('win_lose');
  // The kind reads as a word (the value stays the code).
  await expect(page.getByLabel('Kind').locator('option:checked')).toHaveText('Win/lose');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(car.warehouse_id);
  const lines = page.locator('[data-col="sku"]');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toHaveValue('IS-101');
  await expect(lines.nth(1)).toHaveValue('IS-102');
  await expect(lines.nth(2)).toHaveValue('');
  const amounts = page.locator('[data-col="amount"]');
  await expect(amounts.nth(0)).toHaveValue(String(missing['IS-101']));
  await expect(amounts.nth(1)).toHaveValue(String(missing['IS-102']));

  await page.getByLabel('Description').fill('Counted in the car');
  await page.getByRole('button', { name: 'Create Transfer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stock Transfer succesfuly created' })).toBeVisible();

  // Back on the list, the same report open: Approve goes through now.
  await expect(page.getByRole('heading', { name: 'End of day reports', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/end_of_day_reports\\?.*report=${trip.reportId}`));
  await sections.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'End of day report approved' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'End of day reports' }).getByRole('row').filter({ hasText: trip.routeName }),
  ).toHaveCount(0);
  const [report] = await sql<{ status: string }>(`select status::text from public.end_of_day_reports where id = $1`, [
    trip.reportId,
  ]);
  expect(report.status).toBe('approved');
});
