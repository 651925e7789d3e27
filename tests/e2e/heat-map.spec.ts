import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { HeatMapWorld } from './support/heat-map-world.ts';
import { signInAs } from './support/staff.ts';

// The heat map of a plan event (delivery-operations §2 "/plan_events/{id}/heat_map", §4 "Heat map"): reached from the
// report's menu, its history's figures, and the revenue, visited and pins layers with their defaults and toggles,
// read from what the engine shows once the map is idle.

// A WebGL map in software rendering: generous waits for states.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const TENANT = 'hjem-is';
const world = new HeatMapWorld(TENANT);
test.afterAll(async () => {
  await world.drop();
});

const mapOf = (page: Page) => page.getByRole('region', { name: 'Heat map' });

async function idleMap(page: Page): Promise<Locator> {
  const map = mapOf(page);
  await expect(map).toHaveAttribute('data-map-idle', 'true', { timeout: 60_000 });
  return map;
}

test("the report's Heatmap opens the route's history with revenue and pins; the layers toggle", async ({ page }) => {
  const event = await world.route(4);
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await page.goto(`/${TENANT}/depo/${event.depoId}/plan_events/${event.id}`);
  await page.getByRole('navigation', { name: 'Plan event menu' }).getByRole('link', { name: 'Heatmap' }).click();
  await expect(page).toHaveURL(new RegExp(`/plan_events/${event.id}/heat_map$`));
  await expect(page.getByRole('heading', { name: 'Heat map' })).toBeVisible();

  const facts = page.locator('.heat-map__facts');
  await expect(facts).toContainText(`Plan events${event.history}`);
  await expect(facts).toContainText('600,00 kr');
  await expect(page.getByText(`Historical plan events (${event.history})`)).toBeVisible();

  // Defaults: revenue and pins, every place of the route on the map.
  const layers = page.getByRole('group', { name: 'Layers' });
  await expect(layers.getByRole('checkbox', { name: 'Revenue' })).toBeChecked();
  await expect(layers.getByRole('checkbox', { name: 'Visited' })).not.toBeChecked();
  await expect(layers.getByRole('checkbox', { name: 'Pins' })).toBeChecked();
  const map = await idleMap(page);
  await expect(map).toHaveAttribute('data-heat-layers', 'revenue pins', { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-heat-places', '3');

  await layers.getByRole('checkbox', { name: 'Visited' }).check();
  await idleMap(page);
  await expect(map).toHaveAttribute('data-heat-layers', 'revenue visited pins');

  await layers.getByRole('checkbox', { name: 'Revenue' }).uncheck();
  await layers.getByRole('checkbox', { name: 'Pins' }).uncheck();
  await idleMap(page);
  await expect(map).toHaveAttribute('data-heat-layers', 'visited');

  // The history lists each plan event, linked to its report.
  await page.getByText(`Historical plan events (${event.history})`).click();
  await expect(page.locator('.heat-map__events li')).toHaveCount(event.history);
});

test('a driver of the depo opens it too, on a phone, and the page fits the screen', async ({ browser }) => {
  const event = await world.route(2);
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  try {
    await signInAs(page, TENANT, `driver@${TENANT}.test`);
    await page.goto(`/${TENANT}/depo/${event.depoId}/plan_events/${event.id}/heat_map`);
    await expect(page.getByRole('heading', { name: 'Heat map' })).toBeVisible();
    const map = await idleMap(page);
    await expect(map).toHaveAttribute('data-heat-layers', 'revenue pins', { timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  } finally {
    await context.close();
  }
});
