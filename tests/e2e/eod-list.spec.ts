import { expect as baseExpect, test, type Page } from '@playwright/test';
import { makeEodTrip, type EodTrip } from './support/eod-world.ts';
import { waitForLiveTopic } from './support/live.ts';
import { createStaffUser, deleteStaffUser, signInAs, type StaffUser } from './support/staff.ts';

// The EOD list (/{tenant}/depo/{depoId}/end_of_day_reports) as an admin works it: tabs and columns, the date
// filter, the expanded sections per tenant layout, edits with the card dialog, approve (and the stock dialog),
// Create EOD's message, and the tenant differences (ice-cream: no sales export, approved reports kept, approve
// icon on unmapped rows). Each test makes its own trip and report on a past day and opens the list on that day.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const grid = (page: Page) => page.getByRole('region', { name: 'End of day reports' });
const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const trips: EodTrip[] = [];

test.afterEach(async () => {
  for (const trip of trips.splice(0)) await trip.drop();
});

async function open(page: Page, trip: EodTrip, tab?: string): Promise<void> {
  await page.goto(trip.listUrl(tab));
  await expect(page.getByRole('heading', { name: 'End of day reports', level: 1 })).toBeVisible();
}

test('ice-cream tenant: Unapproved columns, Mobile Pay and its miscellaneous fields, no sales export', async ({
  page,
}) => {
  const trip = await makeEodTrip('hjem-is', { amounts: { cash: 40, card: 60, local_card_amount: 60 } });
  trips.push(trip);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await open(page, trip);
  for (const header of ['Date', 'Route', 'Car', 'Driver', 'Total', 'Approved By', 'Transfer', 'Actions']) {
    await expect(grid(page).getByRole('columnheader', { name: header, exact: true })).toBeAttached();
  }
  await expect(page.getByRole('button', { name: /export/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /export/i })).toHaveCount(0);
  await expect(page.getByText('Page: 1')).toBeVisible();
  const row = grid(page).getByRole('row').filter({ hasText: trip.routeName });
  await row.getByRole('button', { name: `Expand report ${trip.reportId}` }).click();
  const sections = page.getByTestId(`eod-sections-${trip.reportId}`);
  for (const title of [
    'Cash',
    'Card',
    'Mobile Pay',
    'Invoice',
    'Miscellaneous',
    'Deposited To Bank',
    'Discount',
    'Total',
  ]) {
    await expect(sections.getByRole('region', { name: title, exact: true })).toBeVisible();
  }
  await expect(sections.getByRole('region', { name: 'Vipps' })).toHaveCount(0);
  const misc = sections.getByRole('region', { name: 'Miscellaneous' });
  for (const label of ['Customer Club', 'Online Buy', 'Gift Card', 'Mobilepay Emergency Number'])
    await expect(misc.getByRole('rowheader', { name: label })).toBeVisible();
  for (const header of ['Transactions', 'Edited transactions', 'Balance'])
    await expect(sections.getByRole('columnheader', { name: header }).first()).toBeVisible();
});

test('other tenants: Vipps and Gift card sections and their miscellaneous fields', async ({ page }) => {
  const trip = await makeEodTrip('den-norske-isbilen');
  trips.push(trip);
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await open(page, trip);
  await grid(page)
    .getByRole('button', { name: `Expand report ${trip.reportId}` })
    .click();
  const sections = page.getByTestId(`eod-sections-${trip.reportId}`);
  await expect(sections.getByRole('region', { name: 'Vipps', exact: true })).toBeVisible();
  await expect(sections.getByRole('region', { name: 'Gift card', exact: true })).toBeVisible();
  await expect(sections.getByRole('region', { name: 'Mobile Pay' })).toHaveCount(0);
  const misc = sections.getByRole('region', { name: 'Miscellaneous' });
  for (const label of ['Kredittsalg', 'Vipps timet ut', 'Gavekort', 'Pre-paid'])
    await expect(misc.getByRole('rowheader', { name: label })).toBeVisible();
});

test("other tenants: the export button opens the depo's sales/transfers export", async ({ page }) => {
  const trip = await makeEodTrip('den-norske-isbilen');
  trips.push(trip);
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await open(page, trip);
  await page.getByRole('main').getByRole('link', { name: 'Export sales/transfers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export sales/transfers' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/den-norske-isbilen/depo/${trip.depoId}/sales_export$`));
});

test('an edit that breaks the card rule opens the card dialog with the missing amount; a valid one saves and marks the report edited', async ({
  page,
}) => {
  const trip = await makeEodTrip('hjem-is', { amounts: { card: 500, local_card_amount: 300, other_card_amount: 200 } });
  trips.push(trip);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await open(page, trip);
  await grid(page)
    .getByRole('button', { name: `Expand report ${trip.reportId}` })
    .click();
  const sections = page.getByTestId(`eod-sections-${trip.reportId}`);
  await sections.getByRole('button', { name: 'Edit' }).click();
  await sections.getByLabel('Edited Dankort').fill('250');
  await sections.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Card amount must be equals to Dankort card amount + other card amount',
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('eod-missing-amount')).toContainText('50');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await sections.getByLabel('Edited Other card').fill('250');
  await sections.getByRole('button', { name: 'Save' }).click();
  await expect(flash(page, 'Row successfully updated!')).toBeVisible();
  await expect(sections.getByRole('region', { name: 'Card' }).getByRole('row', { name: /Dankort/ })).toContainText(
    '250',
  );
});

test('approve: short stock opens the warehouse dialog and approves nothing; a report with stock leaves the Unapproved tab', async ({
  page,
}) => {
  const short = await makeEodTrip('hjem-is', { sold: [{ sku: 'IS-101', quantity: 99999, amount: 10 }] });
  const fine = await makeEodTrip('hjem-is', { sold: [{ sku: 'NOT-A-PRODUCT', quantity: 1, amount: 10 }] });
  trips.push(short, fine);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await open(page, short);
  await grid(page)
    .getByRole('button', { name: `Expand report ${short.reportId}` })
    .click();
  await page.getByTestId(`eod-sections-${short.reportId}`).getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: /^There is not enough stock in warehouse / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /IS-101/ })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Create win_lose stock transfer' })).toHaveAttribute(
    'href',
    /kind=win_lose/,
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(grid(page).getByRole('row').filter({ hasText: short.routeName })).toBeVisible();

  await open(page, fine);
  await grid(page)
    .getByRole('button', { name: `Expand report ${fine.reportId}` })
    .click();
  await page.getByTestId(`eod-sections-${fine.reportId}`).getByRole('button', { name: 'Approve' }).click();
  await expect(flash(page, 'End of day report approved')).toBeVisible();
  await expect(grid(page).getByRole('row').filter({ hasText: fine.routeName })).toHaveCount(0);
  // On the Approved tab it stays: the ice-cream tenant keeps approved reports (no delete).
  await open(page, fine, 'approved');
  const approved = grid(page).getByRole('row').filter({ hasText: fine.routeName });
  await expect(approved).toBeVisible();
  await expect(approved.getByRole('button', { name: `Delete report ${fine.reportId}` })).toHaveCount(0);
});

test('other tenants may delete an approved report, after the question', async ({ page }) => {
  const trip = await makeEodTrip('den-norske-isbilen');
  trips.push(trip);
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await open(page, trip);
  await grid(page)
    .getByRole('button', { name: `Expand report ${trip.reportId}` })
    .click();
  await page.getByTestId(`eod-sections-${trip.reportId}`).getByRole('button', { name: 'Approve' }).click();
  await expect(flash(page, 'End of day report approved')).toBeVisible();
  await open(page, trip, 'approved');
  await grid(page)
    .getByRole('button', { name: `Delete report ${trip.reportId}` })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure you want destroy this EOD?' })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(flash(page, 'End of day report succesfully deleted')).toBeVisible();
  await expect(grid(page).getByRole('row').filter({ hasText: trip.routeName })).toHaveCount(0);
});

test('Unmapped tab: its columns, the approve icon on the ice-cream tenant, and approval needs a car', async ({
  page,
}) => {
  const trip = await makeEodTrip('hjem-is', { unmapped: true });
  trips.push(trip);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await open(page, trip, 'unmapped');
  for (const header of ['Opened', 'Closed', 'Driver', 'Cash register', 'Total', 'Actions']) {
    await expect(grid(page).getByRole('columnheader', { name: header, exact: true })).toBeAttached();
  }
  await grid(page)
    .getByRole('button', { name: `Approve report ${trip.reportId}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Approve EOD' });
  await dialog.getByLabel('Route').selectOption({ label: trip.routeName });
  await dialog.getByLabel('Car').selectOption('');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You must choose car before approving EOD');
  await dialog.getByLabel('Car').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(flash(page, `End of day report attached to plan event: ${trip.routeName}`)).toBeVisible();
  await expect(
    grid(page)
      .getByRole('row')
      .filter({ hasText: String(trip.reportId) }),
  ).toHaveCount(0);
});

test('other tenants get no approve icon on unmapped rows', async ({ page }) => {
  const trip = await makeEodTrip('den-norske-isbilen', { unmapped: true });
  trips.push(trip);
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  await open(page, trip, 'unmapped');
  await expect(grid(page).getByRole('button', { name: `Edit times of report ${trip.reportId}` })).toBeVisible();
  await expect(grid(page).getByRole('button', { name: `Approve report ${trip.reportId}` })).toHaveCount(0);
});

test('the end date moves to the start when earlier; Create EOD needs a plan event and a cash register', async ({
  page,
}) => {
  const trip = await makeEodTrip('hjem-is');
  trips.push(trip);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await open(page, trip);
  const start = page.getByRole('textbox', { name: 'Start date' });
  const end = page.getByRole('textbox', { name: 'End date' });
  await start.fill('15-06-2026');
  await start.press('Tab');
  await end.fill('01-06-2026');
  await end.press('Tab');
  await expect(end).toHaveValue('15-06-2026');

  await page.getByRole('button', { name: 'Create EOD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new EOD' });
  await dialog.getByRole('button', { name: 'Create EOD' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You must select plan event and cash register to continue');
});

test("the list is live: another admin's approval takes the report off an open Unapproved tab without a reload", async ({
  browser,
}) => {
  const trip = await makeEodTrip('den-norske-isbilen', { sold: [{ sku: 'NOT-A-PRODUCT', quantity: 1, amount: 10 }] });
  trips.push(trip);
  let second: StaffUser | undefined;
  const approverContext = await browser.newContext();
  const watcherContext = await browser.newContext();
  try {
    second = await createStaffUser({ tenant: 'den-norske-isbilen', role: 'admin' });
    const approver = await approverContext.newPage();
    const watcher = await watcherContext.newPage();
    await signInAs(approver, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
    await signInAs(watcher, 'den-norske-isbilen', second.email, second.password);
    await open(watcher, trip);
    const watched = grid(watcher).getByRole('row').filter({ hasText: trip.routeName });
    await expect(watched).toBeVisible();
    // The watcher's channel has joined before the change is made.
    await waitForLiveTopic(watcher, 'end_of_day_reports');
    let reloaded = false;
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) reloaded = true;
    });

    await open(approver, trip);
    await grid(approver)
      .getByRole('button', { name: `Expand report ${trip.reportId}` })
      .click();
    await approver.getByTestId(`eod-sections-${trip.reportId}`).getByRole('button', { name: 'Approve' }).click();
    await expect(flash(approver, 'End of day report approved')).toBeVisible();

    await expect(watched).toHaveCount(0, { timeout: 5000 });
    expect(reloaded).toBe(false);
  } finally {
    await approverContext.close();
    await watcherContext.close();
    await deleteStaffUser(second);
  }
});
