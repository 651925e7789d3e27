import { expect, test } from '@playwright/test';
import { mainMenu } from './support/main-menu.ts';
import { signInAs } from './support/staff.ts';

test.describe.configure({ timeout: 90_000 });

test('the top progress bar shows while a slow page loads and goes once it is there', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  const bar = page.getByRole('progressbar', { name: 'Loading page' });
  await expect(bar).toHaveCount(0);

  // The list's answer is held back: the navigation stays pending until it is released.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/rest/v1/rpc/customers_page',
    async (route) => {
      await released;
      await route.fallback();
    },
  );
  await (await mainMenu(page)).getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(bar).toBeVisible();
  await expect(bar).toHaveClass(/route-progress--active/);

  release();
  await expect(
    page.getByRole('main').getByRole('region', { name: 'Customers', exact: true }).locator('.ag-row').first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect(bar).toHaveCount(0);
  await expect(page.locator('.route-progress')).not.toHaveClass(/route-progress--active/);
});

/** WCAG contrast ratio of two `rgb()`/`rgba()` colours (opaque ones). */
function contrast(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

test('in-row Delete buttons are readable (contrast at least 4.5:1)', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/wallmob');
  const remove = page
    .getByRole('region')
    .getByRole('button', { name: /^Delete / })
    .first();
  await expect(remove).toBeVisible({ timeout: 20_000 });
  // The first rows are a plain table the grid replaces once its chunk arrives: a button measured at that moment
  // is detached, so the measurement is taken again on the button then on screen (the same rule for both).
  await expect(async () => {
    const colours = await remove.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
    // The button paints its own background (not the row's behind a transparent one).
    expect(colours.background).not.toMatch(/rgba\(\d+, \d+, \d+, 0\)|transparent/);
    expect(
      contrast(colours.color, colours.background),
      `${colours.color} on ${colours.background}`,
    ).toBeGreaterThanOrEqual(4.5);
  }).toPass({ timeout: 15_000 });
});
