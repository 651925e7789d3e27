import { expect, test, type Page, type Route } from '@playwright/test';
import { DEMO_PASSWORD, fillSignIn } from './support/staff.ts';

// Signing in and two loads of a list, on a shared machine that can be slow.
test.describe.configure({ timeout: 180_000 });

// The grid's own chunk and the ag-grid library chunk it imports (vite.config.ts names the library chunk `ag-grid`).
const GRID_CHUNKS = /\/assets\/ag-(data-)?grid-[\w-]+\.js$/;

/** Holds every request for the grid's chunks until `release` is called: the page has to draw without them. */
async function holdGridChunks(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(GRID_CHUNKS, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    held,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** As an admin of hjem-is, waiting for the staff home as long as a loaded machine needs. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/hjem-is/users/sign_in');
  await fillSignIn(page, 'admin@hjem-is.test', DEMO_PASSWORD);
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 30_000 });
}

const region = (page: Page) => page.getByRole('region', { name: 'Depos' });
const dataRow = (page: Page, text: string) => region(page).getByRole('row').filter({ hasText: text });

/** The depos' titles in the order the table shows them. */
async function titlesInOrder(page: Page): Promise<string[]> {
  const grid = region(page);
  const plain = await grid.locator('.data-grid__plain tbody tr').count();
  const cells = plain
    ? grid.locator('.data-grid__plain tbody td[data-col-id="title"]')
    : grid.locator('.ag-row [col-id="title"]');
  if (plain) return cells.allInnerTexts();
  // ag-grid keeps rows in the DOM in any order and places them by their row index.
  return cells.evaluateAll((elements) =>
    elements
      .map((cell) => ({
        index: Number(cell.closest('.ag-row')?.getAttribute('row-index')),
        text: cell.textContent?.trim() ?? '',
      }))
      .sort((a, b) => a.index - b.index)
      .map((cell) => cell.text),
  );
}

test('a list draws its first rows before the grid library has loaded, and the grid takes over in place', async ({
  page,
}) => {
  await signIn(page);
  const gate = await holdGridChunks(page);
  await page.goto('/hjem-is/admin/depos');

  // The rows, their columns and their row controls, with the grid's chunks still held back.
  await expect(dataRow(page, 'Aarhus')).toBeVisible({ timeout: 30_000 });
  for (const header of ['#', 'Title', 'Address', 'Description', 'Actions']) {
    await expect(region(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(region(page).locator('.ag-root')).toHaveCount(0);
  await expect(page.getByTestId('table-count')).toHaveText(/^\d+ records$/);
  // The grid's chunk has been asked for and is still held: the rows above did not need it.
  await expect.poll(() => gate.held.length).toBeGreaterThan(0);
  const plainOrder = await titlesInOrder(page);
  const plainTop = (await dataRow(page, 'Aarhus').boundingBox())?.y;
  const plainHeight = (await region(page).boundingBox())?.height;
  const editHref = await dataRow(page, 'Aarhus').getByRole('link', { name: 'Edit' }).getAttribute('href');
  expect(plainOrder.length).toBeGreaterThan(1);

  await gate.release();
  await expect(region(page).locator('.ag-row').filter({ hasText: 'Aarhus' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(region(page).locator('.data-grid__plain')).toHaveCount(0);

  // Same rows in the same order; the row and the table stay where they were (no jump under the reader's eyes).
  expect(await titlesInOrder(page)).toEqual(plainOrder);
  const gridRow = region(page).locator('.ag-row').filter({ hasText: 'Aarhus' }).first();
  expect(Math.abs(((await gridRow.boundingBox())?.y ?? 0) - (plainTop ?? 0))).toBeLessThanOrEqual(2);
  expect(Math.abs(((await region(page).boundingBox())?.height ?? 0) - (plainHeight ?? 0))).toBeLessThanOrEqual(4);

  // The row's actions work in the grid: the same Edit link, and it opens the depo.
  const edit = gridRow.getByRole('link', { name: 'Edit' });
  await expect(edit).toHaveAttribute('href', editHref ?? '');
  await edit.click();
  await expect(page.getByRole('form', { name: 'Edit depo' })).toBeVisible({ timeout: 30_000 });
});

test('when the grid library cannot be fetched, the plain table stays with its rows and actions', async ({ page }) => {
  await signIn(page);
  await page.route(GRID_CHUNKS, (route) => route.abort('failed'));
  const asked = page.waitForRequest(GRID_CHUNKS);
  await page.goto('/hjem-is/admin/depos');
  await expect(dataRow(page, 'Aarhus')).toBeVisible({ timeout: 30_000 });
  await asked;
  await expect(region(page).locator('.data-grid__plain')).toBeVisible();
  await dataRow(page, 'Odense').getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('form', { name: 'Edit depo' })).toBeVisible({ timeout: 30_000 });
});
