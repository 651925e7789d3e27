import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { mainMenu } from './support/main-menu.ts';
import { signInAs } from './support/staff.ts';

// Customer feedback (delivery-operations §2, §4, §8): feedback of its own given in a far-past month, on stops of
// two routes of the support member's depo (the list is opened on that month).

const TAG = `FB${randomUUID().slice(0, 6)}`;
const MONTH = { start: '2012-06-01', end: '2012-06-30' };
const LONG_COMMENT = `${TAG} the truck came far too early and did not wait for us at all today`;
const MANAGER_COMMENT = 'Called the customer and apologised for the early visit, new time agreed';
let depo = 0;
let routes: Array<{ name: string }> = [];

async function makeFeedback(positive: boolean, comment: string, routeIndex: number, day: number): Promise<void> {
  await sql(
    `insert into public.feedbacks (tenant_id, depo_id, plan_event_route_point_id, positive, comment, customer_phone_number, created_at)
     select s.tenant_id, s.depo_id, s.id, $2, $3, '+4520202020', $5::timestamptz
       from public.plan_event_route_points s join public.plan_events pe on pe.id = s.plan_event_id join public.routes r on r.id = pe.route_id
      where s.depo_id = $1 and r.name = $4 order by s.id limit 1`,
    [depo, positive, comment, routes[routeIndex]!.name, `2012-06-${String(day).padStart(2, '0')}T10:00:00Z`],
  );
}

const list = (page: Page) => page.getByRole('region', { name: 'Customer feedback' }).last();
const rowWith = (page: Page, text: string) =>
  list(page)
    .getByRole('row')
    .filter({ hasText: text })
    .filter({ has: page.getByRole('button', { name: /feedback \d+/ }) });

test.beforeAll(async () => {
  const [row] = await sql<{ id: string }>(
    `select md.depo_id::text as id from public.membership_depos md join auth.users u on u.id = md.user_id where u.email = 'support@hjem-is.test' order by 1 limit 1`,
  );
  depo = Number(row.id);
  routes = await sql<{ name: string }>(
    `select r.name from public.routes r where r.depo_id = $1 and exists (select 1 from public.plan_events pe join public.plan_event_route_points s on s.plan_event_id = pe.id where pe.route_id = r.id)
      order by r.name limit 2`,
    [depo],
  );
  await makeFeedback(false, LONG_COMMENT, 0, 10);
  await makeFeedback(true, `${TAG} lovely`, 1, 11);
  await makeFeedback(true, `${TAG} first route`, 0, 12);
});

test.afterAll(async () => {
  await sql(`delete from public.feedbacks where comment like $1`, [`${TAG}%`]);
});

test('support reviews a negative feedback: the comment is cut to 50 characters, Approve asks for a manager comment, then it is read-only', async ({
  page,
}) => {
  await signInAs(page, 'hjem-is', 'support@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Customer feedback' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer feedback' })).toBeVisible();
  await page.goto(`/hjem-is/depo/${depo}/feedbacks?start=${MONTH.start}&end=${MONTH.end}`);
  const row = rowWith(page, TAG);
  await expect(row.first()).toBeVisible();
  const negative = rowWith(page, LONG_COMMENT.slice(0, 50));
  await expect(negative).toContainText(`${LONG_COMMENT.slice(0, 50)}…`);
  await expect(negative).not.toContainText(LONG_COMMENT);
  await expect(negative).toContainText(routes[0]!.name);

  await negative.getByRole('button', { name: /Show feedback/ }).click();
  const review = page.getByRole('region', { name: /^Feedback \d+$/ });
  await expect(review).toContainText(LONG_COMMENT);
  await review.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manager comment should be filled' });
  await expect(dialog).toContainText(
    'Feedback is negative, you need to contact customer and give review about the situation',
  );
  await dialog.getByRole('button', { name: 'OK' }).click();

  await review.getByLabel('Manager comment').fill(MANAGER_COMMENT);
  await review.getByRole('button', { name: 'Approve' }).dblclick();
  await expect(page.getByText('Feedback approved')).toBeVisible();
  await expect(rowWith(page, LONG_COMMENT.slice(0, 50))).toHaveCount(0);

  await page.getByRole('tab', { name: 'Approved', exact: true }).click();
  const approved = rowWith(page, LONG_COMMENT.slice(0, 50));
  await expect(approved).toContainText(`${MANAGER_COMMENT.slice(0, 50)}…`);
  await expect(approved).not.toContainText(MANAGER_COMMENT);
  await expect(approved).toContainText('Sofie');
  await approved.getByRole('button', { name: /Show feedback/ }).click();
  const readOnly = page.getByRole('region', { name: /^Feedback \d+$/ });
  await expect(readOnly.getByLabel('Manager comment')).toHaveAttribute('readonly', '');
  await expect(readOnly.getByRole('button', { name: 'Approve' })).toHaveCount(0);
});

test('the routes filter narrows the list and Cancel resets it', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await page.goto(`/hjem-is/depo/${depo}/feedbacks?start=${MONTH.start}&end=${MONTH.end}`);
  await expect(rowWith(page, `${TAG} lovely`)).toBeVisible();
  await page.getByLabel('Routes').selectOption({ label: routes[1]!.name });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(rowWith(page, `${TAG} lovely`)).toBeVisible();
  await expect(rowWith(page, `${TAG} first route`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Back to the current month and every route: the far-past feedback is no longer listed.
  await expect(rowWith(page, `${TAG} lovely`)).toHaveCount(0);
  await expect(page.getByLabel('Routes')).toHaveValues([]);
});

test('at 1440×900 every column is on screen, and a negative feedback looks unlike a positive one', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await makeFeedback(false, `${TAG} cold ice cream`, 1, 14);
  await signInAs(page, 'hjem-is', 'support@hjem-is.test');
  await page.goto(`/hjem-is/depo/${depo}/feedbacks?start=${MONTH.start}&end=${MONTH.end}`);
  const negative = rowWith(page, `${TAG} cold ice cream`);
  await expect(negative).toBeVisible();
  for (const name of ['Comment', 'Manager comment', 'Handled by', 'Feedback', 'Phone']) {
    const header = list(page).getByRole('columnheader', { name, exact: true });
    await expect(header).toBeVisible();
    // Polled: the plain first paint hands over to the grid, which sizes its columns once drawn.
    await expect
      .poll(
        async () => {
          const box = await header.boundingBox();
          return box ? box.x + box.width : Number.POSITIVE_INFINITY;
        },
        { message: `${name} within 1440` },
      )
      .toBeLessThanOrEqual(1440);
  }
  const positive = rowWith(page, `${TAG} lovely`);
  await expect(negative).toHaveClass(/feedback__row--negative/);
  await expect(positive).not.toHaveClass(/feedback__row--negative/);
  const background = (row: typeof negative) => row.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background(negative)).not.toBe(await background(positive));
});
