import { expect, test } from '@playwright/test';
import { buildHarness, openHarness } from './support/harness.ts';

// The shared pieces every screen uses, driven in Chromium with the keyboard (desktop and phone).
let files: Awaited<ReturnType<typeof buildHarness>>;

test.beforeAll(async () => {
  files = await buildHarness();
});

test.beforeEach(async ({ page }) => {
  await openHarness(page, files);
});

test('the search box searches with more than 2 characters, warns below 2 and ignores exactly 2', async ({ page }) => {
  const search = page.getByLabel('Search customers');
  const searches = page.getByTestId('searches');

  await search.fill('a');
  await search.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'You must enter more than 2 characters in search field' }),
  ).toBeVisible();
  await expect(searches).toHaveText('[]');

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await search.fill('ab');
  await search.press('Enter');
  await expect(searches).toHaveText('[]');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await search.fill('abc');
  await search.press('Enter');
  await expect(searches).toHaveText('["abc"]');

  // Clearing the box shows the whole list again.
  await page.getByRole('region', { name: 'Customers' }).getByRole('button', { name: 'Clear search' }).click();
  await expect(searches).toHaveText('["abc",""]');
  await expect(search).toHaveValue('');
});

test('the product search has no minimum length', async ({ page }) => {
  const search = page.getByLabel('Search products');
  await search.fill('7');
  await search.press('Enter');
  await expect(page.getByTestId('product-searches')).toHaveText('["7"]');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('pagination shows the page, never goes below 1 and stops after a short page', async ({ page }) => {
  const orders = page.getByRole('region', { name: 'Orders' });
  const previous = orders.getByRole('button', { name: 'Previous page' });
  const next = orders.getByRole('button', { name: 'Next page' });

  await expect(orders.getByText('Page: 1')).toBeVisible();
  await expect(previous).toBeDisabled();

  await next.focus();
  await page.keyboard.press('Enter');
  await expect(orders.getByText('Page: 2')).toBeVisible();
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect(orders.getByText('Page: 1')).toBeVisible();

  await orders.getByRole('button', { name: 'Load a short page' }).click();
  await expect(next).toBeDisabled();
});

test('the date range shows DD-MM-YYYY and forces the end to the start when it is earlier', async ({ page }) => {
  const start = page.getByRole('textbox', { name: 'Start date' });
  const end = page.getByRole('textbox', { name: 'End date' });
  const range = page.getByTestId('range');
  await expect(start).toHaveValue('01-11-2026');
  await expect(end).toHaveValue('30-11-2026');

  await start.fill('15-12-2026');
  await start.press('Tab');
  await expect(range).toHaveText('2026-12-15..2026-12-15');
  await expect(end).toHaveValue('15-12-2026');

  await end.fill('1.12.2026');
  await end.press('Enter');
  await expect(range).toHaveText('2026-12-15..2026-12-15');
  await expect(end).toHaveValue('15-12-2026');

  await end.fill('24122026');
  await end.press('Enter');
  await expect(range).toHaveText('2026-12-15..2026-12-24');
  await expect(end).toHaveValue('24-12-2026');

  await start.fill('31-02-2026');
  await start.press('Tab');
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Start date is invalid')).toBeVisible();
  await expect(range).toHaveText('2026-12-15..2026-12-24');
});

test('the confirm dialog traps focus, cancels on Escape and confirms on Enter', async ({ page }) => {
  const trigger = page.getByRole('button', { name: 'Delete product' });
  const answers = page.getByTestId('answers');

  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete product' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to delete this product?');
  const ok = dialog.getByRole('button', { name: 'OK' });
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await expect(ok).toBeFocused();

  // Tab and Shift+Tab stay inside the dialog, wrapping at both ends.
  await page.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(ok).toBeFocused();
  // Enter on Cancel presses Cancel; Escape cancels from anywhere.
  await page.keyboard.press('Shift+Tab');
  await expect(cancel).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(answers).toHaveText('[false]');
  // Focus returns to where the question was asked from.
  await expect(trigger).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(answers).toHaveText('[false,true]');

  await trigger.click();
  await cancel.click();
  await expect(answers).toHaveText('[false,true,false]');
});

test('the pieces fit a phone-wide screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
