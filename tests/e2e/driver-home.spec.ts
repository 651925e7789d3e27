import { expect as baseExpect, test } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { ReportWorld } from './support/report-world.ts';
import { signInAs } from './support/staff.ts';

// Issue 25 item 2, as the driver does it: he signs in, his home shows today's trip (route, car, the stops still to
// come) and its report link opens the plan-event report; no tile sends him to a page he may not open.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const TENANT = 'hjem-is';
let world: ReportWorld | undefined;

test.afterEach(async () => {
  await world?.drop();
  world = undefined;
});

test("a driver's home shows today's trip and its report opens from there @phone", async ({ page }) => {
  world = new ReportWorld(TENANT);
  const event = await world.planEvent({ today: true });
  const [car] = await sql<{ internal_number: string }>(`select internal_number from public.cars where id = $1`, [
    event.carId,
  ]);

  await signInAs(page, TENANT, world.member.email, world.member.password);
  const trip = page.getByRole('article', { name: `Trip ${event.routeName}` });
  await expect(page.getByRole('heading', { name: 'Your trip today' })).toBeVisible();
  await expect(trip).toContainText(event.routeName);
  await expect(trip).toContainText(`car ${car.internal_number}`);
  await expect(trip).toContainText('5 stops');
  // Stops 1, 3 and 4 are visited and 2 was skipped: only stop 5 is still to come.
  const next = trip.getByRole('listitem');
  await expect(next).toHaveCount(1);
  await expect(next.first()).toContainText('#5 Dalgade 5');

  await trip.getByRole('link', { name: 'Open the trip report' }).click();
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/depo/${event.depoId}/plan_events/${event.id}$`));
  await expect(page.getByRole('heading', { name: 'Plan event report' })).toBeVisible();
  await expect(page.getByText('You are not authorized to access this page.')).toHaveCount(0);
});
