import { expect, test, type Page } from '@playwright/test';
import { canOpen } from '../../src/app/route-access.ts';
import { staffRoutes } from '../../src/app/staff-routes.ts';
import type { TenantFlags } from '../../src/shared/vocabulary/staff-vocabulary.ts';
import { sql } from './support/admin-core-db.ts';
import { auditLayout } from './support/layout-audit.ts';
import { signInAs } from './support/staff.ts';

// The layout audit (issue 25, "the class behind them"): every staff route of the registry at 1440×900 as the
// tenant's admin with a demo depo, and the routes people use on phones at 390×844, each checked for table columns
// out of reach, input text wider than its input, and text drawn as a missing glyph (support/layout-audit.ts).
// A new route in src/app/staff-routes.ts is audited without a change here.

test.describe.configure({ timeout: 600_000 });

const TENANT = 'hjem-is';

/** A route pattern with its parameters filled from the demo world; null when the world has nothing to fill it. */
async function demoPaths(): Promise<{ depoId: number; fill: (pattern: string) => string | null }> {
  const [depo] = await sql<{ id: string }>(
    `select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = $1 order by d.id limit 1`,
    [TENANT],
  );
  const depoId = Number(depo!.id);
  const [event] = await sql<{ id: string }>(
    `select pe.id from public.plan_events pe where pe.depo_id = $1 and exists (select 1 from public.plan_event_route_points p where p.plan_event_id = pe.id)
      order by abs(pe.date - current_date), pe.id limit 1`,
    [depoId],
  );
  const [b2b] = await sql<{ id: string }>(
    `select c.id from public.b2b_customers c join public.tenants t on t.id = c.tenant_id where t.slug = $1 order by c.id limit 1`,
    [TENANT],
  );
  const values: Record<string, string | undefined> = {
    $tenant: TENANT,
    $depoId: String(depoId),
    $planEventId: event?.id,
    $id: b2b?.id,
  };
  return {
    depoId,
    fill: (pattern) => {
      const parts = pattern.split('/').map((part) => (part.startsWith('$') ? values[part] : part));
      return parts.includes(undefined) ? null : parts.join('/');
    },
  };
}

/** Opens a path and waits for its content to settle (no fixed sleep: the page's own loading states). */
async function openAndSettle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
}

test('every staff route at 1440×900: columns in reach, input text inside its input, no missing glyphs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { fill } = await demoPaths();
  const [flags] = await sql<TenantFlags & Record<string, unknown>>(`select * from public.tenants where slug = $1`, [
    TENANT,
  ]);
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  const found: Record<string, string[]> = {};
  const audited: string[] = [];
  for (const route of staffRoutes) {
    if (!canOpen(route, { role: 'admin', tenant: flags! })) continue;
    const path = fill(route.to);
    if (!path) continue;
    await test.step(path, async () => {
      await openAndSettle(page, path);
      const problems = await auditLayout(page);
      if (problems.length) found[`${route.id} ${path}`] = problems;
      audited.push(path);
    });
  }
  // The registry's routes were all opened (a route the demo world cannot fill is named here by its absence).
  expect(audited.length).toBeGreaterThan(20);
  expect(found).toEqual({});
});

test('the phone routes at 390×844: customers’ pages and a driver’s screens', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    const [stop] = await sql<{ uuid: string }>(
      `select p.uuid from public.plan_event_route_points p join public.plan_events pe on pe.id = p.plan_event_id
        join public.tenants t on t.id = p.tenant_id
       where t.slug = $1 and pe.date = (now() at time zone t.time_zone)::date and p.point_visited is null
       order by p.id limit 1`,
      [TENANT],
    );
    const found: Record<string, string[]> = {};
    const audit = async (path: string) =>
      test.step(path, async () => {
        await openAndSettle(page, path);
        const problems = await auditLayout(page);
        if (problems.length) found[path] = problems;
      });
    for (const path of ['/dk', '/no', '/dk/home', `/${TENANT}/users/sign_in`]) await audit(path);
    if (stop) await audit(`/dk/${stop.uuid}`);
    // A driver's day on the phone: home, and the routes the menu offers a driver.
    await signInAs(page, TENANT, `driver@${TENANT}.test`);
    const { fill } = await demoPaths();
    const [flags] = await sql<TenantFlags & Record<string, unknown>>(`select * from public.tenants where slug = $1`, [
      TENANT,
    ]);
    for (const route of staffRoutes) {
      if (route.inMenu === false || !canOpen(route, { role: 'driver', tenant: flags! })) continue;
      const path = fill(route.to);
      if (path) await audit(path);
    }
    expect(found).toEqual({});
  } finally {
    await context.close();
  }
});
