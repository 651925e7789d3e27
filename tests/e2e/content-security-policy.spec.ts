import { expect as baseExpect, type Page, test } from '@playwright/test';
import { signInAs } from './support/staff.ts';
import { createTrackingWorld, type TrackingWorld } from './support/tracking-world.ts';

// The pages under the build's Content-Security-Policy (tools/csp, issue 24 item 1): it is sent with every page, and
// the app does everything it does (grids, maps, the tracking page's early request, the subscribe page) without one
// violation, so the policy blocks injected script and nothing of the app's own.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

let world: TrackingWorld;
test.beforeAll(async () => {
  world = await createTrackingWorld();
});
test.afterAll(async () => {
  await world?.drop();
});

/** Every CSP violation the page reports, as events and as console errors, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

const idleMap = (page: Page) =>
  expect(page.locator('[data-map-idle="true"]').first()).toBeAttached({ timeout: 60_000 });

test('sends the policy and its companions with every page', async ({ request }) => {
  for (const address of ['/', '/dk', `/dk/${world.stopUuids[0]}`, '/hjem-is/admin/depos']) {
    const response = await request.get(address);
    const headers = response.headers();
    expect(headers['content-type'], address).toContain('text/html');
    const policy = headers['content-security-policy'] ?? '';
    expect(policy, address).toContain("default-src 'self'");
    expect(policy, address).toContain("object-src 'none'");
    expect(policy, address).toContain("frame-ancestors 'none'");
    expect(policy, address).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(policy, address).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options'], address).toBe('nosniff');
    expect(headers['referrer-policy'], address).toBe('strict-origin-when-cross-origin');
  }
});

test('the tracking page and its early stop request run without a violation', { tag: '@phone' }, async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto(`/dk/${world.stopUuids[1]}`);
  await expect(page.getByRole('banner')).toContainText('Stop 2');
  await idleMap(page);
  expect(await page.evaluate(() => Object.keys((window as { __earlyRpc?: object }).__earlyRpc ?? {}))).toEqual([
    'public_tracking_stop',
  ]);
  expect(violations).toEqual([]);
});

test('the subscribe page runs without a violation', { tag: '@phone' }, async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/dk');
  await expect(page.locator('.public-site__header')).toBeVisible();
  await idleMap(page);
  expect(violations).toEqual([]);
});

test('a staff grid and the support map run without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/depos');
  await expect(page.locator('.ag-root .ag-row').first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/hjem-is/customer_support');
  await idleMap(page);
  expect(violations).toEqual([]);
});

test('an injected inline script does not run', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/dk');
  await expect(page.locator('.public-site__header')).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.appendChild(script);
    return (window as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
