import { expect as baseExpect, test, type Page } from '@playwright/test';
import { asAdmin, offset, writeFixes } from '../db/trip-world.ts';
import { waitForLiveTopic } from './support/live.ts';
import { clock, createTrackingWorld, HOME, type TrackingWorld } from './support/tracking-world.ts';

// The public tracking page (spec 2.3) as a customer opens it from the SMS on their phone.

// A phone page with a WebGL map in software rendering: generous waits for states (never fixed sleeps), so a busy
// machine slows the tests down instead of failing them.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

let world: TrackingWorld;

test.beforeAll(async () => {
  world = await createTrackingWorld();
});

test.afterAll(async () => {
  await world?.drop();
});

const truck = (page: Page) => page.locator('.tracking__view');
const asText = (p: { lat: number; lng: number }) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

/** Opens the stop's page and waits for its top bar (the map draws on; only the map's own checks wait for it). */
async function openTracking(page: Page, stop: number, customerUuid?: string): Promise<void> {
  await page.goto(`/dk/${world.stopUuids[stop]}${customerUuid ? `?c=${customerUuid}` : ''}`, {
    waitUntil: 'domcontentloaded',
  });
  await expect(page.getByRole('banner')).toContainText(`Stop ${stop + 1}`);
}

/** The map has drawn everything after the last change (software WebGL on a busy machine can take a while). */
async function mapIdle(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Dit stop' })).toHaveAttribute('data-map-idle', 'true', {
    timeout: 60_000,
  });
}

test(
  'shows the arrival window and address, and the truck moving live, polling when the socket is down',
  { tag: '@phone' },
  async ({ page }) => {
    await openTracking(page, 1);
    const bar = page.getByRole('banner');
    await expect(bar).toContainText('Forventet ankomst');
    const second = await world.estimateOf(1);
    await expect(bar).toContainText(`mellem kl. ${clock(second, -10)} og ${clock(second, 10)}`);
    await expect(bar).toContainText('Stop 2');

    // Live: the page has joined its stop's truck channel (stop:<uuid>:truck); a new fix moves the truck.
    await waitForLiveTopic(page, 'truck');
    await expect(truck(page)).toHaveAttribute('data-truck-mode', 'live');
    // Fixes dated ahead of now: newer than anything the GPS simulator may still write for this car from the minute
    // its plan event was dated today, so the page must show exactly these.
    const here = offset(HOME, 1_500, 45);
    await writeFixes(world, [{ ...here, recorded_at: new Date(Date.now() + 3_600_000).toISOString() }]);
    await expect(truck(page)).toHaveAttribute('data-truck-position', asText(here));

    // With the socket down the page polls every 5 s and still follows the truck.
    const polling = await page.context().newPage();
    try {
      await polling.routeWebSocket(/\/realtime\/v1\//, (socket) => socket.close());
      await openTracking(polling, 1);
      await expect(truck(polling)).toHaveAttribute('data-truck-mode', 'polling');
      await expect(truck(polling)).toHaveAttribute('data-truck-position', asText(here));
      const later = offset(HOME, 1_200, 60);
      await writeFixes(world, [{ ...later, recorded_at: new Date(Date.now() + 3_601_000).toISOString() }]);
      await expect(truck(polling)).toHaveAttribute('data-truck-position', asText(later), { timeout: 20_000 });
    } finally {
      await polling.close();
    }
  },
);

test('shows the arrival window while the map engine is still on its way', { tag: '@phone' }, async ({ page }) => {
  // The map engine held back until the top bar is checked: the window and address must not wait for it.
  let releaseEngine!: () => void;
  const engineHeld = new Promise<void>((resolve) => {
    releaseEngine = resolve;
  });
  await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, async (route) => {
    await engineHeld;
    await route.continue();
  });
  await openTracking(page, 1);
  const second = await world.estimateOf(1);
  await expect(page.getByTestId('arrival-window')).toHaveText(
    `mellem kl. ${clock(second, -10)} og ${clock(second, 10)}`,
  );
  await expect(page.locator('[data-map-idle="true"]')).toHaveCount(0);
  releaseEngine();
  await mapIdle(page);
});

test(
  'draws the base map around the stop from its cells, not the whole map, and the engine comes with the page',
  { tag: '@phone' },
  async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await openTracking(page, 1);
    await mapIdle(page);
    expect(asked.filter((path) => path.startsWith('/base-map/cells/')).length).toBeGreaterThan(0);
    expect(asked.filter((path) => /^\/base-map\/(land|borders|towns)\.json$/.test(path))).toEqual([]);
    // index.html names the engine for tracking paths, so its download does not wait for the app's code.
    await expect(page.locator('link[rel="modulepreload"][href*="/assets/maplibre-gl-"]')).toHaveCount(1);
  },
);

test(
  "draws its first picture at pixel ratio 1 and sharpens it to the screen's once the map has rested",
  { tag: '@phone-only' },
  async ({ page }) => {
    // Every change of data-map-idle with the canvas's size at that moment (pixels drawn per CSS pixel of width).
    await page.addInitScript(() => {
      const seen: Array<{ idle: string | null; ratio: number }> = [];
      (window as unknown as { idleStates: typeof seen }).idleStates = seen;
      new MutationObserver((changes) => {
        for (const change of changes) {
          const view = change.target as HTMLElement;
          const canvas = view.querySelector('canvas');
          if (canvas) seen.push({ idle: view.getAttribute('data-map-idle'), ratio: canvas.width / canvas.clientWidth });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-map-idle'] });
    });
    await openTracking(page, 1);
    const screen = await page.evaluate(() => Math.min(window.devicePixelRatio, 2));
    expect(screen, 'the phone profile has a sharper screen than the opening').toBeGreaterThan(1);
    const states = () =>
      page.evaluate(
        () => (window as unknown as { idleStates: Array<{ idle: string | null; ratio: number }> }).idleStates,
      );
    // Sharpened and at rest again: the canvas at the screen's ratio (the engine rounds its size down).
    await expect
      .poll(async () => (await states()).some((s) => s.idle === 'true' && Math.abs(s.ratio - screen) < 0.02), {
        timeout: 60_000,
      })
      .toBe(true);
    const seen = await states();
    const firstRest = seen.findIndex((s) => s.idle === 'true');
    expect(seen[firstRest]!.ratio, 'the first complete picture').toBeCloseTo(1, 1);
    const sharpRest = seen.findIndex((s) => s.idle === 'true' && Math.abs(s.ratio - screen) < 0.02);
    // Not idle while it sharpens: the attribute turned "false" with the larger canvas before resting again.
    expect(seen.slice(firstRest, sharpRest).some((s) => s.idle === 'false' && Math.abs(s.ratio - screen) < 0.02)).toBe(
      true,
    );
  },
);

const STOP_RPC = '/rest/v1/rpc/public_tracking_stop';

/** The bodies of the page's stop requests, as they are sent. */
function stopRequestBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === STOP_RPC) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/**
 * Holds the page's entry script (tracking.html's: tracking-<hash>.js, not its tracking-page-… or tracking-map-…
 * chunks) until released; resolves `requested` once the browser asked for it.
 */
async function holdEntry(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/tracking-[\w-]{8}\.js$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { requested, release };
}

test(
  "asks for the stop from its HTML before the page's code has arrived, and the page takes that answer",
  { tag: '@phone' },
  async ({ page }) => {
    const bodies = stopRequestBodies(page);
    const entry = await holdEntry(page);
    await page.goto(`/dk/${world.stopUuids[1]}`, { waitUntil: 'commit' });
    await entry.requested;
    // None of the page's code has run: this request is tracking.html's own.
    await expect.poll(() => bodies.length).toBe(1);
    entry.release();
    await expect(page.getByRole('banner')).toContainText('Stop 2');
    await mapIdle(page);
    expect(bodies).toEqual([JSON.stringify({ stop_uuid: world.stopUuids[1] })]);
  },
);

test(
  'leaves the stop to the app when a session is stored (the app asks as its user)',
  { tag: '@phone' },
  async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('sb-elsewhere-auth-token', '{}'));
    const bodies = stopRequestBodies(page);
    const entry = await holdEntry(page);
    await page.goto(`/dk/${world.stopUuids[2]}`, { waitUntil: 'commit' });
    await entry.requested;
    expect(await page.evaluate(() => Reflect.get(window, '__earlyRpc'))).toBeUndefined();
    entry.release();
    await expect(page.getByRole('banner')).toContainText('Stop 3');
    expect(bodies).toEqual([JSON.stringify({ stop_uuid: world.stopUuids[2] })]);
  },
);

test(
  "shows a nearby stop's window on tap, and the recentre buttons move the map",
  { tag: '@phone' },
  async ({ page }) => {
    const popup = page.getByRole('dialog', { name: 'Stop i nærheden' });
    // The estimate engine may re-estimate the trip just after the page loaded it: open again until the page and the
    // database agree (the page itself refreshes every minute).
    await expect(async () => {
      await openTracking(page, 1);
      // The map's stops as a list for keyboard users (shown when focused): the same choice as tapping the marker.
      await page.getByRole('list', { name: 'Stop i nærheden' }).getByRole('button', { name: 'Stop 3' }).focus();
      await page.keyboard.press('Enter');
      await expect(popup).toContainText('Stop 3');
      const third = await world.estimateOf(2);
      await expect(popup).toContainText(`mellem kl. ${clock(third, -10)} og ${clock(third, 10)}`, { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await popup.getByRole('button', { name: 'Luk' }).click();
    await expect(popup).toBeHidden();

    await mapIdle(page);
    await page.getByRole('button', { name: 'Vis mit stop' }).click();
    await mapIdle(page);
    await page.getByRole('button', { name: 'Vis isbilen' }).click();
    await mapIdle(page);
  },
);

test(
  'says finished for a visited stop, and for a stop before a visited nearby one',
  { tag: '@phone' },
  async ({ page }) => {
    await asAdmin((db) =>
      db.query('update public.plan_event_route_points set point_visited = true, visited_at = now() where id = $1', [
        world.stopIds[1],
      ]),
    );
    try {
      await openTracking(page, 0);
      const bar = page.getByRole('banner');
      await expect(bar).toContainText('Afsluttet');
      await expect(bar).not.toContainText('mellem kl.');
      // The estimate engine may re-estimate the trip between the page's load and the database read: open again
      // until the two agree (as the nearby-stop test does).
      await expect(async () => {
        await openTracking(page, 2);
        await expect(page.getByRole('banner')).toContainText(`mellem kl. ${clock(await world.estimateOf(2), -10)}`, {
          timeout: 3_000,
        });
      }).toPass({ timeout: 60_000 });
    } finally {
      await asAdmin((db) =>
        db.query('update public.plan_event_route_points set point_visited = null, visited_at = null where id = $1', [
          world.stopIds[1],
        ]),
      );
    }
  },
);

test(
  'opens the expired modal for a stop that does not exist, and OK leads to the public page',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(`/dk/${crypto.randomUUID()}`);
    const modal = page.getByRole('dialog', { name: 'Ruten er udløbet' });
    await expect(modal).toContainText('Isbilen har allerede besøgt dette stop.');
    await expect(modal.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute(
      'href',
      'https://www.hjem-is.dk',
    );
    // The public page itself belongs to the subscribe pages: the browser goes to /dk.
    const toPublicPage = page.waitForURL(/\/dk$/, { waitUntil: 'commit' });
    await modal.getByRole('button', { name: 'OK' }).click();
    await toPublicPage;
  },
);

test(
  "opens on the customer's stop and the truck, and draws the truck's way through the stops before it",
  { tag: '@phone' },
  async ({ page }) => {
    // Issue 25 item 14: the first view fitted every stop of the trip; now the stop and the truck. The truck has a
    // place (dated before the other tests' fixes, so it never overrides theirs when the file runs in order).
    await writeFixes(world, [
      { ...offset(HOME, 200, 270), recorded_at: new Date(Date.now() + 3_000_000).toISOString() },
    ]);
    await openTracking(page, 2);
    await expect(truck(page)).toHaveAttribute('data-truck-position', /,/);
    await mapIdle(page);
    const map = page.locator('.tracking-map');
    const truckAt = await truck(page).getAttribute('data-truck-position');
    const [lat, lng] = truckAt!.split(',').map(Number) as [number, number];
    const stops = await asAdmin((db) =>
      db.query<{ lat: number; lng: number }>(
        'select lat, lng from public.plan_event_route_points where id = any ($1) order by position',
        [world.stopIds],
      ),
    );
    // The points a map attribute lists ("lat,lng lat,lng"), to about a metre.
    const pointsOf = async (name: string) =>
      ((await map.getAttribute(name)) ?? '')
        .split(' ')
        .filter(Boolean)
        .map((p) => p.split(',').map((n) => Math.round(Number(n) * 1e4) / 1e4));
    const near = (p: { lat: number; lng: number }) => [Math.round(p.lat * 1e4) / 1e4, Math.round(p.lng * 1e4) / 1e4];
    const own = stops.rows[2]!;
    await expect.poll(() => pointsOf('data-opening-fit')).toEqual([near(own), near({ lat, lng })]);
    // None of the three stops is visited: the way runs truck → stop 1 → stop 2 → the customer's stop 3.
    await expect.poll(() => pointsOf('data-way')).toEqual([{ lat, lng }, ...stops.rows].map(near));
  },
);

test(
  'shows the Danish or Norwegian expired message for a tracking link cut short, not "Page not found"',
  { tag: '@phone' },
  async ({ page }) => {
    // An SMS link cut inside the stop's uuid (issue 25 item 16).
    await page.goto(`/dk/${world.stopUuids[0]!.slice(0, 19)}`);
    const danish = page.getByRole('dialog', { name: 'Ruten er udløbet' });
    await expect(danish).toContainText('Isbilen har allerede besøgt dette stop.');
    await expect(page.getByText('Page not found')).toHaveCount(0);
    await page.goto(`/no/${world.stopUuids[0]!.slice(0, 8)}`);
    await expect(page.getByRole('dialog', { name: 'Ruten er utløpt' })).toContainText(
      'Isbilen har allerede besøkt dette stoppet.',
    );
    // An old-style link cut after the stop still opens that stop's page.
    const {
      rows: [tenant],
    } = await asAdmin((db) =>
      db.query<{ slug: string }>('select slug from public.tenants where id = $1', [world.tenantId]),
    );
    await page.goto(`/${tenant!.slug}/track/${world.stopUuids[0]}`);
    await expect(page).toHaveURL(new RegExp(`/dk/${world.stopUuids[0]}$`));
    await expect(page.getByRole('banner')).toContainText('Stop 1');
  },
);

test('shows the day with the time of a visit that is not today', { tag: '@phone' }, async ({ page }) => {
  const estimate = await world.estimateOf(2);
  // Two days ahead at the same hour: never today, whatever the hour the test runs.
  const later = new Date(estimate.getTime() + 2 * 24 * 3_600_000);
  const setEstimate = (at: Date) =>
    asAdmin((db) =>
      db.query('update public.plan_event_route_points set google_estimate_time = $2 where id = $1', [
        world.stopIds[2],
        at.toISOString(),
      ]),
    );
  await setEstimate(later);
  try {
    await openTracking(page, 2);
    const day = new Intl.DateTimeFormat('da-DK', {
      timeZone: 'Europe/Copenhagen',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(later);
    await expect(page.getByTestId('arrival-window')).toHaveText(
      `${day}, mellem kl. ${clock(later, -10)} og ${clock(later, 10)}`,
    );
  } finally {
    await setEstimate(estimate);
  }
});

test(
  'takes a rating with an optional comment and thanks the customer; the bar is gone after',
  { tag: '@phone' },
  async ({ page }) => {
    // Only a receiver of the visit may rate it (issue 24 item 6).
    const customer = await world.addCustomer({ receiverOf: 0 });
    await openTracking(page, 0, customer.uuid);
    const bar = page.getByRole('region', { name: 'Bedøm din oplevelse' });
    await bar.getByRole('button', { name: 'Bedøm din oplevelse' }).click();
    await expect(bar.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await bar.getByRole('button', { name: 'Dårligt' }).click();
    await bar.getByLabel('Kommentar (valgfri)').fill('Bilen kom for sent');
    await bar.getByRole('button', { name: 'Send' }).dblclick();
    const thanks = page.getByRole('dialog', { name: 'Tak for din feedback!' });
    await expect(thanks).toBeVisible();
    await thanks.getByRole('button', { name: 'Luk' }).click();
    await expect(bar).toHaveCount(0);
    const rows = await asAdmin((db) =>
      db.query('select positive, comment from public.feedbacks where customer_id = $1', [customer.id]),
    );
    expect(rows.rows).toEqual([{ positive: false, comment: 'Bilen kom for sent' }]);

    // Rated already, or no customer: no bar.
    await openTracking(page, 0, customer.uuid);
    await expect(page.getByRole('region', { name: 'Bedøm din oplevelse' })).toHaveCount(0);
    await openTracking(page, 0);
    await expect(page.getByRole('region', { name: 'Bedøm din oplevelse' })).toHaveCount(0);
  },
);

test(
  'unsubscribes from marketing SMS only with the two boxes, says so, then lands on the public page',
  { tag: '@phone' },
  async ({ page }) => {
    const customer = await world.addCustomer();
    await openTracking(page, 0, customer.uuid);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Skift stop' })).toHaveAttribute('href', '/dk');
    await menu.getByRole('button', { name: 'Afmeld SMS' }).click();
    const modal = page.getByRole('dialog', { name: 'Afmeld SMS' });
    await expect(modal.getByRole('button', { name: 'Afmeld' })).toBeDisabled();
    await modal.getByLabel('SMS med tilbud og nyheder').check();
    await modal.getByRole('button', { name: 'Afmeld' }).click();
    // Issue 25 item 16: the customer is told what was unsubscribed before the page leaves for the brand's site.
    const done = page.getByRole('dialog', { name: 'Du er afmeldt' });
    await expect(done).toContainText('Du får ikke længere SMS med tilbud og nyheder.');
    await expect(page).toHaveURL(new RegExp(`/dk/${world.stopUuids[0]}`));
    const toPublicPage = page.waitForURL(/\/dk$/, { waitUntil: 'commit' });
    await done.getByRole('button', { name: 'OK' }).click();
    await toPublicPage;
    const { rows } = await asAdmin((db) =>
      db.query('select sms_permission, marketing_agreement from public.customers where id = $1', [customer.id]),
    );
    expect(rows).toEqual([{ sms_permission: true, marketing_agreement: false }]);
  },
);

test(
  'offers no unsubscribe without a customer, and a customer without marketing SMS confirms a full unsubscribe',
  { tag: '@phone' },
  async ({ page }) => {
    await openTracking(page, 0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Afmeld SMS' }),
    ).toHaveCount(0);

    const customer = await world.addCustomer({ marketing: false });
    await openTracking(page, 0, customer.uuid);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Afmeld SMS' }).click();
    const modal = page.getByRole('dialog', { name: 'Afmeld SMS' });
    await expect(modal).toContainText('Vil du afmelde SMS-beskeder, når isbilen kommer?');
    await expect(modal.getByRole('checkbox')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Afmeld' }).click();
    const done = page.getByRole('dialog', { name: 'Du er afmeldt' });
    await expect(done).toContainText('Du får ikke flere SMS fra os.');
    const toPublicPage = page.waitForURL(/\/dk$/, { waitUntil: 'commit' });
    await done.getByRole('button', { name: 'OK' }).click();
    await toPublicPage;
    const { rows } = await asAdmin((db) =>
      db.query('select sms_permission from public.customers where id = $1', [customer.id]),
    );
    expect(rows).toEqual([{ sms_permission: false }]);
  },
);

test('tells a browser without geolocation so, and redirects the old SMS links', { tag: '@phone' }, async ({ page }) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as { geolocation?: unknown }).geolocation;
  });
  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  const customer = await world.addCustomer();
  const {
    rows: [tenant],
  } = await asAdmin((db) =>
    db.query<{ slug: string }>('select slug from public.tenants where id = $1', [world.tenantId]),
  );
  await page.goto(`/${tenant!.slug}/track/${world.stopUuids[0]}/${customer.uuid}`);
  expect(await alerted).toBe('Geolocation is not supported by this browser.');
  await expect(page).toHaveURL(new RegExp(`/dk/${world.stopUuids[0]}\\?c=${customer.uuid}$`));
  await expect(page.getByRole('banner')).toContainText('Stop 1');
});
