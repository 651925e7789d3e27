import { expect, test, type Locator, type Page } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The customer-support stop map (inventory-public-support §2.4) on the demo world, as support and as admin.
// Every wait is for a state: the map's data-map-idle, a list, a dialog; never a fixed time.

const TENANT = 'hjem-is';
const MONTHS_DA = ['JAN', 'FEB', 'MAR', 'APR', 'MAJ', 'JUN', 'JUL', 'AUG', 'SEP', 'OKT', 'NOV', 'DEC'];

const mapOf = (page: Page) => page.getByRole('region', { name: 'Map of stops' });
const stopButtons = (page: Page) => page.getByRole('list', { name: 'Stops on the map' }).getByRole('button');

async function waitForIdleMap(page: Page): Promise<Locator> {
  const map = mapOf(page);
  await expect(map).toHaveAttribute('data-map-idle', 'true', { timeout: 60_000 });
  return map;
}

/** A day after today (on the tenant's clock) with planned stops in the support member's depo, and its label. */
async function laterDayOfSupport(): Promise<{ iso: string; typed: string; label: string }> {
  const [row] = await sql<{ day: string }>(
    `select min(coalesce(p.arrival_date, pe.date))::text as day
       from public.plan_event_route_points p
       join public.plan_events pe on pe.id = p.plan_event_id
       join public.tenants t on t.id = p.tenant_id and t.slug = $1
       join public.membership_depos md on md.depo_id = p.depo_id
       join auth.users u on u.id = md.user_id and u.email = $2
      where coalesce(p.arrival_date, pe.date) > (now() at time zone t.time_zone)::date and p.lat is not null`,
    [TENANT, `support@${TENANT}.test`],
  );
  const [year, month, day] = row.day.split('-');
  return { iso: row.day, typed: `${day}-${month}-${year}`, label: `${Number(day)} ${MONTHS_DA[Number(month) - 1]}` };
}

test("support staff reach the stop map from Customers, search an address, pick a day and open a stop's details", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, TENANT, `support@${TENANT}.test`);
  await page.goto(`/${TENANT}/admin/customers`);
  await page.getByRole('link', { name: 'Customer support' }).click();
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/customer_support$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Customer support' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hjem-IS Danmark' })).toHaveAttribute('href', 'https://www.hjem-is.dk');
  await waitForIdleMap(page);
  await expect(page.getByText('Natural Earth')).toBeVisible();

  // Support staff get all stops or a calendar, not 'Today'.
  await expect(page.getByRole('radio', { name: 'All stops' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Today' })).toHaveCount(0);

  // An address from the tenant's own index: the map fits it and its nearest stops.
  const search = page.getByRole('combobox', { name: 'Search address' });
  await search.fill('Glo');
  const firstHit = page.getByRole('listbox', { name: 'Addresses' }).getByRole('option').first();
  await expect(firstHit).toBeVisible({ timeout: 20_000 });
  await search.press('Enter');
  await expect(page.getByRole('listbox', { name: 'Addresses' })).toHaveCount(0);
  await waitForIdleMap(page);
  await expect(stopButtons(page).first()).toBeAttached();
  // Upcoming stops: today's are 'I dag', later ones day and month in capitals, each with HH:mm.
  for (const text of await stopButtons(page).allTextContents()) {
    expect(text).toMatch(/^(I dag|\d{1,2} [A-ZÆØÅ]{3}) \d{2}:\d{2} /);
  }

  // A nonsense address finds nothing.
  await search.fill('qqzzxxyy');
  await expect(page.getByRole('alert').filter({ hasText: 'No results found' })).toBeVisible({ timeout: 20_000 });
  await search.press('Escape');

  // The calendar: a later day shows only that day's stops.
  const later = await laterDayOfSupport();
  await page.getByRole('radiogroup', { name: 'Stops shown' }).getByText('Calendar', { exact: true }).click();
  const day = page.getByRole('textbox', { name: 'Day' });
  await day.fill(later.typed);
  await day.press('Enter');
  await expect(stopButtons(page).first()).toContainText(later.label, { timeout: 20_000 });
  for (const text of await stopButtons(page).allTextContents()) expect(text.startsWith(`${later.label} `)).toBe(true);
  await waitForIdleMap(page);

  // A stop from the keyboard list: the map flies to it and the details open.
  await stopButtons(page).first().focus();
  await stopButtons(page).first().press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const year = later.iso.slice(0, 4);
  await expect(dialog.getByRole('heading')).toContainText(year);
  for (const label of ['Address', 'Depo', 'Route', 'Driver', 'Phone', 'License number'])
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  const goToRoute = dialog.getByRole('link', { name: 'Go to route' });
  await expect(goToRoute).toHaveAttribute('target', '_blank');
  await expect(goToRoute).toHaveAttribute('href', new RegExp(`^/${TENANT}/depo/\\d+/plan_events/\\d+$`));
  // It opens the plan-event report of the stop's trip in a new tab, with the stop in its list.
  const [report] = await Promise.all([page.context().waitForEvent('page'), goToRoute.click()]);
  await expect(report.getByRole('heading', { name: 'Plan event report' })).toBeVisible({ timeout: 30_000 });
  await expect(report.getByRole('list', { name: 'Stops' }).getByRole('listitem').first()).toBeVisible();
  await report.close();
  await dialog.getByRole('button', { name: 'Show Next Plan Events' }).click();
  const next = dialog.getByRole('region', { name: 'Next plan events' }).getByRole('link');
  await expect(next.first()).toBeVisible();
  await expect(next.first()).toHaveAttribute('href', new RegExp(`^/${TENANT}/depo/\\d+/plan_events/\\d+$`));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // The map flew to the stop (zoom 14, centred on it): a click on the marker itself opens the details again.
  const map = await waitForIdleMap(page);
  const box = (await map.locator('canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // 'All stops' clears the day.
  await page.getByText('All stops', { exact: true }).click();
  await expect(day).toHaveCount(0);

  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/admin(/depo/\\d+)?/customers`));
});

test('an admin switches between all stops and today, and a marker only moves the map', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await page.goto(`/${TENANT}/customer_support`);
  await waitForIdleMap(page);
  await expect(page.getByRole('radio', { name: 'Calendar' })).toHaveCount(0);
  await page.getByText('Today', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Today' })).toBeChecked();
  await expect(stopButtons(page).first()).toBeAttached({ timeout: 20_000 });
  await expect
    .poll(async () => (await stopButtons(page).allTextContents()).every((text) => text.startsWith('I dag ')), {
      timeout: 30_000,
    })
    .toBe(true);
  await waitForIdleMap(page);
  await stopButtons(page).first().focus();
  await stopButtons(page).first().press('Enter');
  await waitForIdleMap(page);
  const box = (await mapOf(page).locator('canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await waitForIdleMap(page);
  // The details are for support staff only.
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
