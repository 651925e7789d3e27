import { expect, test } from '@playwright/test';
import { signInAs } from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

test('the depo switcher keeps the chosen depo in the URL and remembers it', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  const switcher = page.getByRole('banner').getByLabel('Depo');
  await expect(switcher).toHaveValue(/\d+/);
  const glostrup = await switcher.locator('option', { hasText: 'Glostrup' }).getAttribute('value');

  await switcher.selectOption({ label: 'Glostrup' });

  await expect(page).toHaveURL(new RegExp(`[?&]depo=${glostrup}`));
  await expect(page.getByRole('main')).toContainText('working in Glostrup');
  // Links inside the staff area keep the depo.
  await (await mainMenu(page)).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]depo=${glostrup}`));

  // Without the parameter, the last choice on this browser is used.
  await page.goto('/hjem-is');
  await expect(page.getByRole('banner').getByLabel('Depo')).toHaveValue(glostrup ?? '');
});

test('a depo outside the member\'s own in the URL is ignored', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'driver@hjem-is.test');

  await page.goto('/hjem-is?depo=999999');

  const switcher = page.getByRole('banner').getByLabel('Depo');
  await expect(switcher.locator('option')).toHaveText(['Aarhus']);
  await expect(page.getByRole('main')).toContainText('working in Aarhus');
});

test('the header fits a phone-wide screen and works with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeInViewport();

  // The depo can be switched without a mouse.
  await header.getByLabel('Depo').focus();
  await header.getByLabel('Depo').selectOption({ label: 'Odense' });
  await expect(page.getByRole('main')).toContainText('working in Odense');
  await header.getByRole('button', { name: 'Sign out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
});
