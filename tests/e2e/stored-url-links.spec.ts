import { expect, test } from '@playwright/test';

// The branding RPC only: `public_site_segments` (the router's list of public sites) shares its start.
const isPublicSiteCall = (url: URL) => url.pathname.endsWith('/rest/v1/rpc/public_site');

// A homepage URL that is no web address (stored before the database checked it, or answered by anything else)
// never reaches a link or the page's location (issue 24 item 1: a click on the /dk logo ran a stored
// `javascript:` URL as the signed-in admin of another tenant).

test(
  'the /dk logo links nowhere for a javascript: homepage, and a click runs nothing',
  { tag: '@phone' },
  async ({ page }) => {
    await page.route(isPublicSiteCall, async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as Record<string, unknown>[];
      // Not `response` itself: its content-encoding header would describe the original (compressed) body.
      await route.fulfill({
        status: response.status(),
        json: rows.map((row) => ({ ...row, homepage_url: 'javascript:window.__pwned=1' })),
      });
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/dk');
    const brand = page.locator('.public-site__brand');
    await expect(brand).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(brand).not.toHaveAttribute('href', /.+/);
    await brand.click();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expect(page).toHaveURL(/\/dk$/);
  },
);

test('the /dk logo links to an https homepage', async ({ page }) => {
  await page.route(isPublicSiteCall, async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as Record<string, unknown>[];
    await route.fulfill({
      status: response.status(),
      json: rows.map((row) => ({ ...row, homepage_url: 'https://example.dk/is' })),
    });
  });
  await page.goto('/dk');
  await expect(page.locator('a.public-site__brand')).toHaveAttribute('href', 'https://example.dk/is', {
    timeout: 20_000,
  });
});
