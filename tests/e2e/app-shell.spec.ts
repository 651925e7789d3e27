import { expect, test } from '@playwright/test';
import { depoId } from './support/admin-core-db.ts';
import { mainMenu } from './support/main-menu.ts';
import { signInAs } from './support/staff.ts';

// Each test signs in and opens two or three screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('the depo switcher remembers the chosen depo and depo pages carry it in their path', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  const switcher = page.getByRole('banner').getByLabel('Depo');
  await expect(switcher).toHaveValue(/\d+/);
  const glostrup = await switcher.locator('option', { hasText: 'Glostrup' }).getAttribute('value');

  await switcher.selectOption({ label: 'Glostrup' });
  await expect(page.getByRole('main')).toContainText('working in Glostrup');

  // The menu's depo pages open in the chosen depo.
  await (await mainMenu(page)).getByRole('link', { name: 'Cars' }).click();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${glostrup}/cars$`));

  // Without a depo in the URL, the last choice on this browser is used.
  await page.goto('/hjem-is');
  await expect(page.getByRole('banner').getByLabel('Depo')).toHaveValue(glostrup ?? '');
});

test("a depo outside the member's own in the URL is ignored", async ({ page }) => {
  await signInAs(page, 'hjem-is', 'driver@hjem-is.test');

  await page.goto('/hjem-is?depo=999999');

  const switcher = page.getByRole('banner').getByLabel('Depo');
  await expect(switcher.locator('option')).toHaveText(['Aarhus']);
  await expect(page.getByRole('main')).toContainText('working in Aarhus');
});

for (const list of [
  {
    name: 'B2B customers',
    menu: 'B2B Customers',
    segment: 'b2b_customers',
    grid: 'B2B customers',
    request: '/rest/v1/rpc/b2b_customer_status_sizes',
  },
  {
    name: 'customers',
    menu: 'Customers',
    segment: 'customers',
    grid: 'Customers',
    request: '/rest/v1/rpc/customers_page',
  },
]) {
  test(`the header's depo switcher changes the depo segment of the ${list.name} list`, async ({ page }) => {
    await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
    const odense = await depoId('hjem-is', 'Odense');
    // The list's first answer is held until the depo has been switched: the list is still loading then.
    let release = () => {};
    const switched = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === list.request,
      async (route) => {
        await switched;
        await route.fallback();
      },
    );
    await (await mainMenu(page)).getByRole('link', { name: list.menu, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/\\d+/${list.segment}$`));
    await expect(page.getByRole('main').getByRole('region', { name: list.grid, exact: true })).toHaveCount(0);

    // Switched while the list loads: the switch wins, and the list does not undo it once it arrives.
    await page.getByRole('banner').getByLabel('Depo').selectOption({ label: 'Odense' });
    release();
    await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${odense}/${list.segment}$`));
    await expect(page.getByRole('banner').getByLabel('Depo')).toHaveValue(String(odense));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Once the list is drawn, it is still the chosen depo's.
    await expect(
      page.getByRole('main').getByRole('region', { name: list.grid, exact: true }).locator('.ag-row').first(),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${odense}/${list.segment}$`));
    await expect(page.getByRole('banner').getByLabel('Depo')).toHaveValue(String(odense));
  });
}

test('old list addresses with ?depo= land on the depo segment', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  const odense = await depoId('hjem-is', 'Odense');
  await page.goto(`/hjem-is/admin/customers?depo=${odense}&per_page=50`);
  await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${odense}/customers\\?per_page=50$`));
  await page.goto(`/hjem-is/admin/b2b_customers?depo_id=${odense}&tab=in_route`);
  await expect(page).toHaveURL(new RegExp(`/hjem-is/admin/depo/${odense}/b2b_customers\\?tab=in_route$`));
});

test('the sidebar groups the screens a role may open', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  const menu = await mainMenu(page);
  // Only groups with built screens show, in the declared order.
  await expect(menu.getByRole('heading', { level: 2 })).toHaveText([
    'Operations',
    'Orders',
    'Inventory',
    'Customers',
    'Fleet',
    'SMS',
    'Setup',
  ]);
  await expect(menu.getByRole('region', { name: 'Setup' }).getByRole('link')).toHaveText([
    'Users',
    'Depos',
    'Stop types',
    'Wallmob',
    'Audit',
  ]);
});

test('a driver sees only the screens open to drivers', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'driver@hjem-is.test');
  const menu = await mainMenu(page);
  await expect(menu.getByRole('heading', { level: 2 })).toHaveText(['Operations']);
  await expect(menu.getByRole('link')).toHaveText(['Home']);
});

test('on a phone the menu hides behind a button and the header stays one row', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');

  const header = page.getByRole('banner');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menuButton = header.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Depos' })).toBeHidden();
  // The header is one row, not a fifth of the screen.
  const box = await header.boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(64);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeInViewport();
  // The menu is taller than a phone: the panel scrolls on its own to reach the last groups.
  await nav.getByRole('link', { name: 'Depos' }).scrollIntoViewIfNeeded();
  await expect(nav.getByRole('link', { name: 'Depos' })).toBeInViewport();
  await expect(menuButton).toBeInViewport();
  await nav.getByRole('link', { name: 'Depos' }).click();
  await expect(page).toHaveURL(/\/hjem-is\/admin\/depos$/);
  // Picking a screen closes the menu.
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Depos' })).toBeHidden();
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

test('the home page lists what needs attention today in the current depo', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  const attention = page.getByRole('region', { name: 'Needs attention today' });
  await expect(attention.getByTestId('attention-unapproved-eod')).toContainText(
    /\d+\s*End-of-day reports waiting for approval/,
  );
  await expect(attention.getByTestId('attention-negative-stock')).toContainText(
    /\d+\s*Products with a negative stock balance/,
  );
  // Where the screen exists, the count links to it.
  await attention.getByTestId('attention-trucks-today').getByRole('link').click();
  await expect(page).toHaveURL(/\/hjem-is\/admin\/depo\/\d+\/cars$/);
});
