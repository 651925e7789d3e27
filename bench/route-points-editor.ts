// Opening and saving a 60-stop route in the route-points editor, through the browser (Chromium against a stack
// serving the built app): from navigation to the 60th row drawn, from the Save click until the saved version is
// on screen, and from the 'Calculate ETA' click until the 60th stop's arrival is filled (local estimator).
// `npm run bench -- route-points` (needs `npm run build` first).
import { chromium } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM } from '../tests/support/ensure-chromium.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';
import { navigateInApp, signInAsDemoAdmin } from './support/staff-browser.ts';

const STOPS = 60;
const ROUNDS = 30;
const DEPO = 4;

export async function benchRoutePointsEditor(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  await db.connect();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  let routeId = 0;
  try {
    const route = await db.query<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, 'BENCH route points' from public.depos where id = $1 returning id`,
      [DEPO],
    );
    routeId = Number(route.rows[0]!.id);
    await db.query(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
       select r.tenant_id, r.id, r.depo_id, n, 'Stop ' || n, 55.6 + n / 500.0, 12.4 + n / 700.0
         from public.routes r, generate_series(1, $2::int) n where r.id = $1`,
      [routeId, STOPS],
    );
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemoAdmin(page, info);
    const path = `${info.apiUrl}/hjem-is/depo/${DEPO}/route/${routeId}/route_points`;
    const rows = page.getByTestId('route-point-row');
    const editor = page.locator('section.route-points');
    const open: number[] = [];
    const save: number[] = [];
    const estimate: number[] = [];
    for (let i = 0; i <= ROUNDS; i += 1) {
      // Home first, so each open is a client-side navigation to the editor, as a click from the route list is.
      await page.goto(`${info.apiUrl}/hjem-is`);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      const started = Date.now();
      await navigateInApp(page, path);
      await rows.nth(STOPS - 1).waitFor();
      const opened = Date.now() - started;
      // 'Calculate ETA' from the first stop's time (alternating, so each round changes every arrival).
      const firstStop = i % 2 ? '08:00' : '09:00';
      await page.getByLabel('First stop arrival time').fill(firstStop);
      const lastArrival = page.getByLabel(`Arrival time of point ${STOPS}`);
      const previousLast = await lastArrival.inputValue();
      const asked = Date.now();
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Calculate ETA' }).click();
      await page.waitForFunction(
        ([label, previous]) => {
          const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
          return Boolean(input && input.value !== '' && input.value !== previous);
        },
        [`Arrival time of point ${STOPS}`, previousLast] as const,
      );
      const estimated = Date.now() - asked;
      // One more change (the wait time of the last stop), then Save (with the estimates), until the new version is on screen.
      const before = Number(await editor.getAttribute('data-route-version'));
      await page.getByLabel(`Wait time of point ${STOPS}`).fill(i % 2 ? '01:00' : '00:30');
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator(`section.route-points[data-route-version="${before + 1}"][data-dirty="false"]`).waitFor();
      const saved = Date.now() - clicked;
      // The first round warms the caches and the route's chunk.
      if (i > 0) {
        open.push(opened);
        save.push(saved);
        estimate.push(estimated);
      }
    }
    return {
      name: 'route-points',
      stops: STOPS,
      rounds: ROUNDS,
      viewport: '1440x900',
      open: summarise(open),
      save: summarise(save),
      calculate_eta_local: summarise(estimate),
      open_max_ms: round(Math.max(...open)),
    };
  } finally {
    await browser.close();
    if (routeId) await db.query(`delete from public.routes where id = $1`, [routeId]);
    await db.end();
  }
}
