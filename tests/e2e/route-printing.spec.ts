import { expect as baseExpect, test, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { inkShare, pixelsOfColour, readPdf, renderPdfPage } from './support/pdf.ts';
import { fillSignIn, DEMO_PASSWORD } from './support/staff.ts';

// Printing from the route-points editor, as staff work it and as it comes out of the printer: the route table
// and the print map with its grid, checked in the PDF Chromium prints (print media), read and drawn with pdf.js.

const PREFIX = 'E2E-PRINT';
// A shared 2-core box: states are waited for generously, never for a fixed time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
const DEPO = 4;
/** A CSS pixel is 0.75 PDF points: the map's 840 × 1188 px page. */
const MAP_PAGE_PT = { width: 630, height: 891 };
/** The stops' colour on the shared map (pointColours.stop). */
const STOP_BLUE: [number, number, number] = [0x1c, 0x7e, 0xd6];

test.afterAll(async () => {
  await sql(`delete from public.routes where name like $1`, [`${PREFIX}-%`]);
  await sql(`delete from public.b2b_customers where customer_name like $1`, [`${PREFIX}-%`]);
});

interface Made {
  id: number;
  name: string;
}

/** A throwaway route of depo 4 around Aarhus: point 1 has a custom address, a comment and a B2B customer. */
async function makeRoute(pointCount: number): Promise<Made & { customer: string; shopId: string }> {
  const name = uniqueName(PREFIX);
  const [route] = await sql<{ id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, $2 from public.depos where id = $1 returning id`,
    [DEPO, name],
  );
  await sql(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, wait_time, arrival_time, private_comment,
                                      custom_address, use_custom_address)
     select r.tenant_id, r.id, r.depo_id, n, 'Printvej ' || n, 56.10 + n * 0.01, 10.10 + (n % 3) * 0.02, case when n = 1 then 1.5 else 0.25 end,
            make_time(8, n * 5, 0), case when n = 1 then 'Bag bageren' end, case when n = 1 then 'Kundens gård 7' end, n = 1
     from public.routes r, generate_series(1, $2::int) n where r.id = $1`,
    [route!.id, pointCount],
  );
  const customer = uniqueName(PREFIX);
  const shopId = `SHOP-${customer.slice(-6)}`;
  await sql(
    `with c as (insert into public.b2b_customers (tenant_id, customer_name, customer_number, shop_id)
                select tenant_id, $2, $3, $3 from public.routes where id = $1 returning tenant_id, id)
     insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
     select c.tenant_id, p.id, c.id, p.depo_id from c, public.route_points p where p.route_id = $1 and p.position = 1`,
    [route!.id, customer, shopId],
  );
  return { id: Number(route!.id), name, customer, shopId };
}

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto(`/hjem-is/users/sign_in`);
  await fillSignIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('banner')).toBeVisible();
}

async function openEditor(page: Page, routeId: number, count: number): Promise<void> {
  await page.goto(`/hjem-is/depo/${DEPO}/route/${routeId}/route_points`);
  await expect(page.getByTestId('route-point-row')).toHaveCount(count);
}

async function menu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('print route points: the preview hides the form, and the printout is the route table in Danish', async ({
  page,
}) => {
  const route = await makeRoute(3);
  await signInAs(page, 'admin@hjem-is.test');
  await openEditor(page, route.id, 3);
  // An unsaved edit is printed as shown, and survives the preview.
  await page.getByLabel('Wait time of point 2').fill('00:45');

  await menu(page, 'Print route points');
  const preview = page.getByRole('region', { name: 'Print route points' });
  await expect(preview.getByTestId('print-row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeHidden();
  await expect(preview.getByTestId('print-row').first()).toHaveText(
    ['1', 'Kundens gård 7', '01:30', '08:05', 'Bag bageren'].join(''),
  );
  await expect(preview.getByTestId('print-row').nth(1)).toContainText('00:45');
  await expect(preview.getByText(`Kunder: ${route.shopId} ${route.customer}`)).toBeVisible();

  const pdf = await page.pdf({ printBackground: true });
  const pages = await readPdf(pdf);
  expect(pages).toHaveLength(1);
  const text = pages[0]!.text;
  for (const expected of [
    `Rute navn: ${route.name}`,
    'Nr.',
    'Adresse',
    'Ventetid',
    'Ankomst',
    'Kommentar',
    'Kundens gård 7',
    'Printvej 2',
    'Printvej 3',
    '01:30',
    '00:45',
    '00:15',
    '08:05',
    '08:15',
    'Bag bageren',
    `Kunder: ${route.shopId} ${route.customer}`,
  ]) {
    expect(text).toContain(expected);
  }
  // Only the printable content prints: not the app around it, nor the preview's own buttons.
  for (const absent of ['Printvej 1', 'Back to editor', 'Menu', 'Save', 'CANCEL', 'Back to routes'])
    expect(text).not.toContain(absent);
  expect(inkShare(await renderPdfPage(pdf, 1))).toBeGreaterThan(0.005);

  await page.getByRole('button', { name: 'Back to editor' }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByLabel('Wait time of point 2')).toHaveValue('00:45');
  await expect(page.locator('section.route-points')).toHaveAttribute('data-dirty', 'true');
});

test('print map: a grid of 1–4 rows × columns, one 840 × 1188 px page a cell, back to 1 × 1 after printing', async ({
  page,
}) => {
  const route = await makeRoute(8);
  await signInAs(page, 'admin@hjem-is.test');
  await openEditor(page, route.id, 8);
  await menu(page, 'Print map');

  const preview = page.getByRole('region', { name: 'Print map' });
  const rowsInput = preview.getByLabel('Rows');
  const columnsInput = preview.getByLabel('Columns');
  const printButton = preview.getByRole('button', { name: 'Print', exact: true });
  const mapPages = preview.getByTestId('print-map-page');
  await expect(rowsInput).toHaveValue('1');
  await expect(columnsInput).toHaveValue('1');
  await expect(mapPages).toHaveCount(1);
  await expect(printButton).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeHidden();

  // Outside 1–4 the message shows and Print is disabled.
  for (const [rows, columns] of [
    ['5', '1'],
    ['0', '2'],
    ['2', ''],
  ]) {
    await rowsInput.fill(rows!);
    await columnsInput.fill(columns!);
    await expect(preview.getByRole('alert')).toHaveText('Rows and columns count must be between 1 and 4.');
    await expect(printButton).toBeDisabled();
  }
  await rowsInput.fill('2');
  await columnsInput.fill('3');
  await expect(preview.getByRole('alert')).toBeHidden();
  await expect(mapPages).toHaveCount(6);
  await expect(printButton).toBeEnabled();

  // The printout: one page a cell, each 840 × 1188 px, each a map (not blank), the stops on the pages.
  const pdf = await page.pdf({ printBackground: true, preferCSSPageSize: true });
  const pages = await readPdf(pdf);
  expect(pages).toHaveLength(6);
  for (const printed of pages) {
    expect(printed.width).toBeCloseTo(MAP_PAGE_PT.width, 0);
    expect(printed.height).toBeCloseTo(MAP_PAGE_PT.height, 0);
    expect(printed.text).not.toContain('Back to editor');
  }
  let stopPixels = 0;
  for (let n = 1; n <= pages.length; n++) {
    const pixels = await renderPdfPage(pdf, n);
    expect(inkShare(pixels), `page ${n} is drawn`).toBeGreaterThan(0.2);
    stopPixels += pixelsOfColour(pixels, STOP_BLUE);
  }
  expect(stopPixels).toBeGreaterThan(8 * 20);

  // Printing: none → started → ended, and the grid is 1 × 1 again. The browser's dialog is stood in for, as
  // a browser ends it: afterprint once the person printed or cancelled.
  await expect(preview).toHaveAttribute('data-print-state', 'none');
  await page.evaluate(() => {
    window.print = () => {
      document.body.dataset.printCalls = String(Number(document.body.dataset.printCalls ?? 0) + 1);
      window.dispatchEvent(new Event('afterprint'));
    };
  });
  await printButton.click();
  await expect(preview).toHaveAttribute('data-print-state', 'ended');
  await expect(page.locator('body')).toHaveAttribute('data-print-calls', '1');
  await expect(rowsInput).toHaveValue('1');
  await expect(columnsInput).toHaveValue('1');
  await expect(mapPages).toHaveCount(1);

  await preview.getByRole('button', { name: 'Back to editor' }).click();
  await expect(page.getByTestId('route-point-row')).toHaveCount(8);
});
