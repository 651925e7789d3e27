import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { mainMenu } from './support/main-menu.ts';
import { readPdf } from './support/pdf.ts';
import { signInAs } from './support/staff.ts';
import { waitForLiveTopic } from './support/live.ts';

// E-shop and B2B web-shop orders (delivery-operations §2, §4): orders of their own in a far-past month of the
// depo admin's depo (the list is opened on that month), a plan event of their own on a far-future day for
// Change route; the ice-cream tenant's Pickup, Cleanup and first stop, and a tenant without them.

const TAG = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
const MONTH = { start: '2012-05-01', end: '2012-05-31' };
let depo = 0;
let planEvent = { id: 0, route: '', day: '' };

interface OrderValues {
  kind?: 'eshop' | 'b2b';
  n: number;
  status?: string;
  callMe?: boolean;
  distance?: number;
  missingProduct?: boolean;
  cash?: boolean;
}

async function makeOrder(values: OrderValues): Promise<string> {
  const id = `${TAG}-${values.n}`;
  const [row] = await sql<{ id: string }>(
    `insert into public.webshop_orders (tenant_id, depo_id, kind, status, eshop_id, external_id, customer_number, delivery_date, delivery_time, total,
                                        customer_address, customer_phone, customer_name, payment_type, call_me, additional_driving_distance, cash_customer, origin)
     select d.tenant_id, d.id, $2, $3, $4, $4, 'C-' || $5, $6, '12:30', 250, 'Ordrevej ' || $5 || ', Aarhus', '+452000' || lpad($5::text, 4, '0'),
            'Kunde ' || $5, 'mobilepay', $7, $8, $9, 'web'
       from public.depos d where d.id = $1
     returning id`,
    [
      depo,
      values.kind ?? 'eshop',
      values.status ?? 'new',
      id,
      values.n,
      `2012-05-${String(values.n).padStart(2, '0')}`,
      values.callMe ?? false,
      values.distance ?? null,
      values.cash ?? null,
    ],
  );
  await sql(
    `insert into public.webshop_order_line_items (tenant_id, webshop_order_id, depo_id, product_sku, product_description, quantity, price)
     select tenant_id, id, depo_id, sku, descr, 2, 25 from public.webshop_orders,
       (values ('IS-101', 'Vanilje 1L'), ($2, 'Udgået produkt')) x(sku, descr)
      where id = $1 and (x.sku = 'IS-101' or $3)`,
    [row.id, `GONE-${TAG}`, values.missingProduct ?? false],
  );
  return id;
}

const listUrl = (kind: 'orders' | 'b2b_orders', tenant = 'hjem-is', depoId = depo) =>
  `/${tenant}/eshop/depo/${depoId}/${kind}?start=${MONTH.start}&end=${MONTH.end}`;
/** An order's own row (the expanded details below it name the order too, but carry no print checkbox). */
const rowOf = (page: Page, id: string) =>
  page
    .getByRole('region', { name: /Orders$/ })
    .getByRole('row')
    .filter({ hasText: id })
    .filter({ has: page.getByRole('checkbox') });

/**
 * Opens an order's details. A click that lands while a live refetch redraws the row is lost (the button is replaced
 * between press and release), so the click is made again only while the row still offers "Show order".
 */
async function openDetails(page: Page, id: string) {
  const show = rowOf(page, id).getByRole('button', { name: /Show order/ });
  await expect(async () => {
    if (await show.count()) await show.click();
    await expect(rowOf(page, id).getByRole('button', { name: /Hide order/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test.beforeAll(async () => {
  const [row] = await sql<{ id: string }>(
    `select md.depo_id::text as id from public.membership_depos md join auth.users u on u.id = md.user_id
      where u.email = 'depo-admin@hjem-is.test' order by md.depo_id limit 1`,
  );
  depo = Number(row.id);
  // A plan event of its own on a far-future day (one per route and per driver on a date), 3 stops estimated 9:40, 10:40, 11:40.
  const name = `Route ${TAG}`;
  // Change route offers plan events from today on: a day a month or more ahead, after the demo world's plans.
  const day = new Date(Date.now() + randomInt(30, 400) * 86_400_000).toISOString().slice(0, 10);
  const [made] = await sql<{ id: string }>(
    `with r as (insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, $2 from public.depos where id = $1 returning *),
          pe as (insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id)
                 select r.tenant_id, r.depo_id, $3, r.id, (select id from auth.users where email = 'admin@hjem-is.test'),
                        (select c.id from public.cars c where c.depo_id = $1 order by c.id limit 1) from r returning *)
     insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, arrival_date, google_estimate_time)
     select pe.tenant_id, pe.id, pe.depo_id, p, 'Stopvej ' || p, $3::date, ($3::date + time '09:40' + make_interval(hours => p - 1)) at time zone 'Europe/Copenhagen'
       from pe, generate_series(1, 3) p
     returning plan_event_id::text as id`,
    [depo, name, day],
  );
  planEvent = { id: Number(made.id), route: name, day };
});

test.afterAll(async () => {
  await sql(`delete from public.webshop_orders where eshop_id like $1`, [`${TAG}-%`]);
  await sql(`delete from public.plan_events where id = $1`, [planEvent.id]);
  await sql(`delete from public.routes where name = $1`, [planEvent.route]);
});

test("the ice-cream tenant's e-shop orders: tabs with Pickup, labels, the detour flag, missing products, status buttons, changelog", async ({
  page,
}) => {
  const flagged = await makeOrder({ n: 1, callMe: true, distance: 12.5, missingProduct: true });
  const plain = await makeOrder({ n: 2, distance: 3 });
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'E-shop orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['New', 'Delivered', 'Problem', 'Cancelled', 'Pickup']);
  await expect(page.getByRole('button', { name: 'Cleanup' })).toBeVisible();

  await page.goto(listUrl('orders'));
  await expect(rowOf(page, flagged)).toContainText('CALL ME');
  await expect(rowOf(page, flagged).locator('[data-flagged="true"]')).toHaveText(/12\.5 km/);
  await expect(rowOf(page, plain).locator('[data-flagged="true"]')).toHaveCount(0);
  await expect(rowOf(page, flagged)).toHaveClass(/webshop-orders__row--teal/);

  await openDetails(page, flagged);
  const details = page.getByRole('region', { name: /^Order \d+$/ });
  await expect(details.locator('tr[data-missing="true"]')).toHaveText(/GONE-/);
  await expect(details.locator('tr[data-missing="true"]')).toHaveAttribute(
    'title',
    'Current item is not present in inventory products list!',
  );
  await expect(details.getByRole('row').filter({ hasText: 'IS-101' })).not.toHaveAttribute('data-missing', 'true');

  await details.getByRole('button', { name: 'Delivered' }).dblclick();
  await expect(page.getByText('Order updated')).toBeVisible();
  await expect(rowOf(page, flagged)).toHaveCount(0);
  const [{ versions }] = await sql<{ versions: string }>(
    `select count(*)::text as versions from public.webshop_order_versions v join public.webshop_orders o on o.id = v.webshop_order_id where o.eshop_id = $1`,
    [flagged],
  );
  expect(versions).toBe('2'); // the insert and one change: a double click is one change

  await page.getByRole('tab', { name: 'Delivered' }).click();
  await expect(rowOf(page, flagged)).toHaveClass(/webshop-orders__row--green/);
  await openDetails(page, flagged);
  await page
    .getByRole('region', { name: /^Order \d+$/ })
    .getByRole('button', { name: 'Changelog' })
    .click();
  const changelog = page.getByRole('dialog', { name: 'Changelog' });
  // The statuses in the words of the list's tabs, not the codes (issue 25 item 6).
  await expect(changelog.locator('[data-field="status"] dd')).toHaveText('New → Delivered');
});

test('print marks the checked orders printed and prints them in Danish, one order a page', async ({ page }) => {
  const first = await makeOrder({ n: 3 });
  const second = await makeOrder({ n: 4 });
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await page.goto(listUrl('orders'));
  for (const id of [first, second]) await rowOf(page, id).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.getByText('Orders set as printed')).toBeVisible();
  const printout = page.getByRole('region', { name: 'Print orders' });
  await expect(printout).toHaveAttribute('data-ready', 'true');
  await expect(printout.getByTestId('printed-order')).toHaveCount(2);

  const pages = await readPdf(await page.pdf({ printBackground: true }));
  expect(pages).toHaveLength(2);
  for (const id of [first, second]) {
    const printed = pages.filter((pdfPage) => pdfPage.text.includes(`Ordre: ${id}`));
    expect(printed).toHaveLength(1);
    const text = printed[0]!.text;
    for (const label of [
      'Ordre',
      'Levering',
      'Rute navn',
      'Kunder',
      'Faktureringsadresse',
      'Underskrift',
      'Betalingsmetode',
    ])
      expect(text).toContain(label);
    expect(text).toContain('mobilepay');
    expect(text).toContain('Vanilje 1L');
    // Only the printout prints, not the list or its buttons.
    expect(text).not.toContain('Cleanup');
  }
  await printout.getByRole('button', { name: 'Close' }).click();
  const [{ printed }] = await sql<{ printed: string }>(
    `select count(*)::text as printed from public.webshop_orders where eshop_id = any ($1) and printed_at is not null`,
    [[first, second]],
  );
  expect(printed).toBe('2');
  await expect(rowOf(page, first)).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
});

test('change route needs a route and a stop, previews the delivery time and takes the first stop', async ({ page }) => {
  const id = await makeOrder({ n: 5 });
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await page.goto(listUrl('orders'));
  await openDetails(page, id);
  await page
    .getByRole('region', { name: /^Order \d+$/ })
    .getByRole('button', { name: 'Change route' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change route' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText("Can't be blank")).toHaveCount(2);

  await dialog.getByLabel('New route').selectOption(String(planEvent.id));
  await dialog.getByLabel('Route stop').selectOption({ label: '2. Stopvej 2' });
  await expect(dialog.locator('output')).toHaveText('10:40');
  await dialog.getByLabel('First stop').check();
  await expect(dialog.getByLabel('Route stop')).toHaveCount(0);
  await expect(dialog.locator('output')).toHaveText('09:40');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Order updated')).toBeVisible();
  // Delivered on the plan event's day now: the order left this month's list.
  await expect(rowOf(page, id)).toHaveCount(0);
  const [order] = await sql<{ route: string; time: string }>(
    `select r.name as route, o.delivery_time::text as time from public.webshop_orders o join public.routes r on r.id = o.route_id where o.eshop_id = $1`,
    [id],
  );
  expect(order).toEqual({ route: planEvent.route, time: '09:40:00' });
});

/** An ISO date in hjem-is's date format (DD-MM-YYYY), as the tenant's people read dates. */
const danishDate = (iso: string) => iso.split('-').reverse().join('-');

test("the changelog names the fields, the route, the stop and who changed them, in the tenant's dates (issue 25 item 6)", async ({
  page,
}) => {
  const id = await makeOrder({ n: 6 });
  const [dorte] = await sql<{ name: string }>(
    `select p.first_name || ' ' || p.last_name as name from public.staff_profiles p join auth.users u on u.id = p.user_id
      where u.email = 'depo-admin@hjem-is.test'`,
  );
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await page.goto(listUrl('orders'));
  await openDetails(page, id);
  await page
    .getByRole('region', { name: /^Order \d+$/ })
    .getByRole('button', { name: 'Change route' })
    .click();
  const change = page.getByRole('dialog', { name: 'Change route' });
  await change.getByLabel('New route').selectOption(String(planEvent.id));
  await change.getByLabel('Route stop').selectOption({ label: '2. Stopvej 2' });
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Order updated')).toBeVisible();

  // The order is delivered on the plan event's day now: its list is that day's.
  await page.goto(`/hjem-is/eshop/depo/${depo}/orders?start=${planEvent.day}&end=${planEvent.day}`);
  await openDetails(page, id);
  await page
    .getByRole('region', { name: /^Order \d+$/ })
    .getByRole('button', { name: 'Changelog' })
    .click();
  const changelog = page.getByRole('dialog', { name: 'Changelog' });
  const field = (name: string) => changelog.locator(`[data-field="${name}"]`);
  await expect(field('status').locator('dt')).toHaveText('Status');
  await expect(field('delivery_date').locator('dt')).toHaveText('Delivery date');
  await expect(field('delivery_date').locator('dd')).toHaveText(
    `${danishDate('2012-05-06')} → ${danishDate(planEvent.day)}`,
  );
  await expect(field('route').locator('dt')).toHaveText('Route');
  await expect(field('route').locator('dd')).toHaveText(`- → ${planEvent.route}`);
  await expect(field('stop').locator('dt')).toHaveText('Stop');
  await expect(field('stop').locator('dd')).toHaveText('- → Stop 2, Stopvej 2');
  await expect(field('status').locator('dd')).toHaveText('New');
  // Who changed what, newest first: the depo admin's route change, then the web shop's order.
  const changes = changelog.getByRole('table', { name: 'Changes' }).getByRole('row');
  await expect(changes).toHaveCount(3);
  await expect(changes.nth(1).getByRole('cell')).toHaveText([
    /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/,
    dorte.name,
    'Delivery date, Route, Stop',
  ]);
  await expect(changes.nth(2).getByRole('cell')).toHaveText([
    /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/,
    'Web shop',
    'Created the order',
  ]);
  // No field codes, ids or ISO dates reach the person.
  await expect(changelog).not.toContainText(/route_id|stop_id|depo_id|\d{4}-\d{2}-\d{2}/);
});

test('an order set to Problem in one browser leaves the New tab open in another, without a reload', async ({
  page,
  browser,
}) => {
  const id = await makeOrder({ n: 6 });
  const other = await browser.newPage();
  try {
    await signInAs(other, 'hjem-is', 'support@hjem-is.test');
    await other.goto(listUrl('orders'));
    await expect(rowOf(other, id)).toBeVisible();
    await waitForLiveTopic(other, 'webshop_orders');
    let reloaded = false;
    other.on('framenavigated', (frame) => {
      if (frame === other.mainFrame()) reloaded = true;
    });

    await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
    await page.goto(listUrl('orders'));
    await openDetails(page, id);
    await page
      .getByRole('region', { name: /^Order \d+$/ })
      .getByRole('button', { name: 'Problem with order' })
      .click();
    await expect(page.getByText('Order updated')).toBeVisible();
    await expect(rowOf(other, id)).toHaveCount(0);
    expect(reloaded).toBe(false);
  } finally {
    await other.close();
  }
});

test('cleanup offers the whole previous year and closes the new orders of the interval', async ({ page }) => {
  const ids = [await makeOrder({ n: 7 }), await makeOrder({ n: 8 })];
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await page.goto(listUrl('orders'));
  await page.getByRole('button', { name: 'Cleanup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cleanup orders' });
  const [{ year }] = await sql<{ year: string }>(
    `select (extract(year from now() at time zone 'Europe/Copenhagen') - 1)::text as year`,
  );
  await expect(dialog.getByRole('textbox', { name: 'Start date' })).toHaveValue(`01-01-${year}`);
  await expect(dialog.getByRole('textbox', { name: 'End date' })).toHaveValue(`31-12-${year}`);
  await dialog.getByRole('textbox', { name: 'Start date' }).fill('07-05-2012');
  await dialog.getByRole('textbox', { name: 'Start date' }).press('Enter');
  await dialog.getByRole('textbox', { name: 'End date' }).fill('08-05-2012');
  await dialog.getByRole('textbox', { name: 'End date' }).press('Enter');
  await dialog.getByRole('button', { name: 'Cleanup' }).click();
  await expect(page.getByText('2 Order closed')).toBeVisible();
  for (const id of ids) await expect(rowOf(page, id)).toHaveCount(0);
});

test('B2B web-shop orders: no Pickup, the B2B columns and tags', async ({ page }) => {
  const id = await makeOrder({ kind: 'b2b', n: 9, cash: true });
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await page.goto(listUrl('b2b_orders'));
  await expect(page.getByRole('heading', { level: 1, name: 'B2B Orders' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['New', 'Delivered', 'Problem', 'Cancelled']);
  await expect(page.getByRole('button', { name: 'Cleanup' })).toHaveCount(0);
  await expect(rowOf(page, id)).toContainText('C-9');
  await openDetails(page, id);
  const details = page.getByRole('region', { name: /^Order \d+$/ });
  await expect(details).toContainText('YES - IMPORTANT!');
  await expect(details.getByRole('button', { name: 'Pickup' })).toHaveCount(0);
});

test('a tenant without the ice-cream layout has no Pickup, no Cleanup and no first stop', async ({ page }) => {
  const [row] = await sql<{ id: string }>(
    `select d.id::text as id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'den-norske-isbilen' order by d.id limit 1`,
  );
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await page.goto(listUrl('orders', 'den-norske-isbilen', Number(row.id)));
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['New', 'Delivered', 'Problem', 'Cancelled']);
  await expect(page.getByRole('button', { name: 'Cleanup' })).toHaveCount(0);
});
