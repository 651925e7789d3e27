import { expect as baseExpect, test, type Page } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { waitForLiveTopic } from './support/live.ts';
import { SKIP_DESCRIPTION, SmsCustomersWorld, type SmsPlanEvent } from './support/sms-customers-world.ts';
import { signInAs } from './support/staff.ts';

// SMS customers of a plan event and of a day (delivery-operations §2, §4 "SMS list", §5, §6, §9) on plan events of
// their own in hjem-is: the list with its skip tooltip (200 ms), full details, the customer map, Stop SMS by role,
// and Send Custom SMS through the template chooser, the confirm with the database's count, and the outbox.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const TENANT = 'hjem-is';
const world = new SmsCustomersWorld();
test.afterAll(async () => {
  await world.drop();
});

const listUrl = (event: SmsPlanEvent) => `/${TENANT}/depo/${event.depoId}/plan_events/${event.id}/sms_customers`;
const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const rows = (page: Page) => page.getByRole('region', { name: 'SMS customers' }).getByRole('row');
const rowOf = (page: Page, phone: string) => rows(page).filter({ hasText: phone });
const actions = (page: Page) => page.getByRole('navigation', { name: 'SMS actions' });

async function openList(page: Page, event: SmsPlanEvent) {
  await page.goto(listUrl(event));
  await expect(page.getByRole('heading', { level: 1, name: 'SMS customers' })).toBeVisible();
  await expect(rowOf(page, event.phones.pending)).toBeVisible();
}

test("the list shows each customer's SMS, with every skip reason in a tooltip that opens after 200 ms", async ({
  page,
}) => {
  const event = await world.planEvent();
  await signInAs(page, TENANT, `depo-admin@${TENANT}.test`);
  await openList(page, event);
  await expect(page.getByTestId('table-count')).toHaveText('3 records');
  await expect(rowOf(page, event.phones.sent)).toContainText('Sent');
  await expect(rowOf(page, event.phones.pending)).toContainText('Waiting');
  await expect(rowOf(page, event.phones.sent)).toContainText('1. Smsvej 1');

  // When the pointer arrives and when the tooltip appears, measured in the page.
  const reason = rowOf(page, event.phones.skipped).getByRole('button', { name: 'No SMS permission' });
  await reason.evaluate((button) => {
    const marks: Record<string, number> = {};
    (window as unknown as { tooltipMarks: Record<string, number> }).tooltipMarks = marks;
    // On the document, for any button with this name: a live refetch may draw the row again before the pointer
    // arrives, and a listener on this very element would then never hear it.
    const name = button.textContent;
    document.addEventListener(
      'mouseover',
      (event) => {
        const over = (event.target as Element).closest('button');
        if (marks.enter === undefined && over?.textContent === name) marks.enter = performance.now();
      },
      true,
    );
    new MutationObserver((_, observer) => {
      if (document.querySelector('[role="tooltip"]')) {
        marks.shown = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await reason.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveText(SKIP_DESCRIPTION);
  const marks = await page.evaluate(
    () => (window as unknown as { tooltipMarks: { enter: number; shown: number } }).tooltipMarks,
  );
  expect(marks.shown - marks.enter).toBeGreaterThanOrEqual(195);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);

  // Full details: every field, the skip reasons in words.
  await actions(page).getByRole('link', { name: 'Full details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SMS customers, full details' })).toBeVisible();
  const details = page.getByRole('region', { name: 'SMS customers, full details' });
  await expect(details.getByRole('row').filter({ hasText: event.phones.skipped })).toContainText(SKIP_DESCRIPTION);
  await expect(details.getByRole('row').filter({ hasText: event.phones.pending })).toContainText('Kundevej 3');
  // Times read DD-MM-YYYY HH:mm like every staff screen, never ISO; the skip reason code reads as words.
  const sent = details.getByRole('row').filter({ hasText: event.phones.sent });
  await expect(sent).toContainText('Sent');
  const cells = (await sent.getByRole('gridcell').allTextContents()).map((text) => text.trim());
  expect(cells.filter((text) => /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/.test(text)).length).toBeGreaterThan(0);
  expect(cells.filter((text) => /^\d{4}-\d{2}-\d{2}/.test(text))).toEqual([]);
  const skipped = details.getByRole('row').filter({ hasText: event.phones.skipped });
  await expect(skipped).toContainText('No SMS permission');
  await expect(skipped).not.toContainText('no_sms_permission');
});

test('the list follows the SMS engine live: a message sent meanwhile shows without a reload', async ({ page }) => {
  const event = await world.planEvent();
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await openList(page, event);
  await waitForLiveTopic(page, 'sms_receivers');
  await expect(rowOf(page, event.phones.pending)).toContainText('Waiting');
  // What the dispatcher writes when it hands the SMS over.
  await sql(
    `update public.sms_receivers r set sms_queued_at = now(), sms_sent_at = now() from public.customers c
              where c.id = r.customer_id and c.phone = $1`,
    [event.phones.pending],
  );
  await expect(rowOf(page, event.phones.pending)).toContainText('Sent');
});

test("the customer map draws the plan event's outline; a customer clicked shows 'Selected customer phone'", async ({
  page,
}) => {
  const event = await world.planEvent();
  await signInAs(page, TENANT, `support@${TENANT}.test`);
  // The plan-event report leads to its SMS customers.
  await page.goto(`/${TENANT}/depo/${event.depoId}/plan_events/${event.id}`);
  await page.getByRole('link', { name: 'SMS customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SMS customers' })).toBeVisible();
  await expect(rowOf(page, event.phones.pending)).toBeVisible();
  await actions(page).getByRole('link', { name: 'Customer map' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SMS customer map' })).toBeVisible();
  const map = page.getByRole('region', { name: 'Map of SMS customers' });
  await expect(map).toHaveAttribute('data-map-idle', 'true', { timeout: 60_000 });
  // Three stops, three corners.
  await expect(page.locator('[data-polygon-points]')).toHaveAttribute('data-polygon-points', '3');
  // The customers' points as the map's keyboard list (it shows when focused): Enter picks one, as a click does.
  const customers = page.getByRole('list', { name: 'SMS customers on the map' });
  const point = customers.getByRole('button', { name: event.phones.pending });
  await point.focus();
  await point.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Selected customer phone' });
  await expect(dialog).toContainText(event.phones.pending);
  await expect(customers.getByRole('button', { name: event.phones.pending })).toHaveAttribute(
    'data-variant',
    'selected',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('Send Custom SMS: a template, the confirm with the count the database gives, one send for a double click', async ({
  page,
}) => {
  const event = await world.planEvent();
  const [template] = await sql<{ name: string }>(
    `select st.name from public.sms_templates st join public.tenants t on t.id = st.tenant_id where t.slug = $1 order by st.id limit 1`,
    [TENANT],
  );
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await openList(page, event);
  const send = actions(page).getByRole('button', { name: 'Send Custom SMS' });
  // Nothing ticked: nothing to send.
  await expect(send).toBeDisabled();
  for (const phone of [event.phones.sent, event.phones.skipped, event.phones.pending]) {
    await rowOf(page, phone)
      .getByRole('checkbox', { name: `Select ${phone}` })
      .check();
  }
  await send.click();
  const chooser = page.getByRole('dialog', { name: 'Send Custom SMS' });
  const go = chooser.getByRole('button', { name: 'Send' });
  await expect(go).toBeDisabled();
  await chooser.getByLabel('SMS template').selectOption({ label: template.name });
  await go.dblclick();
  // Three ticked, but the customer without SMS permission gets none: the database counts 2.
  const question = page.getByRole('alertdialog');
  await expect(question).toHaveText(/You are about to send 2 SMS, do you want to continue\?/);
  // ...and says why the third is left out.
  await expect(question).toContainText(
    '1 of the ticked customers gets no SMS: no SMS permission, SMS stopped, or no valid phone number.',
  );
  await question.getByRole('button', { name: 'OK' }).click();
  await expect(flash(page, 'You successfully scheduled 2 SMS sending')).toBeVisible();
  await expect(chooser).toHaveCount(0);
  await expect
    .poll(() => world.outbox(event.id, 'template'))
    .toEqual([event.phones.sent, event.phones.pending].sort().map((phone) => ({ phone, status: 'sent' })));
  // Only one confirm was asked, and nothing more was sent.
  await expect(question).toHaveCount(0);
  expect(await world.outbox(event.id, 'template')).toHaveLength(2);
});

test('Stop SMS: support stops the SMS once, and the button goes', async ({ page }) => {
  const event = await world.planEvent();
  await signInAs(page, TENANT, `support@${TENANT}.test`);
  await openList(page, event);
  await actions(page).getByRole('button', { name: 'Stop SMS' }).click();
  await expect(flash(page, 'SMS send out stopped successfully')).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Stop SMS' })).toHaveCount(0);
  // The waiting customer's SMS is stopped now: the row cannot be selected, and custom sends are no longer offered.
  await expect(rowOf(page, event.phones.pending)).toContainText('Stopped');
  await expect(actions(page).getByRole('button', { name: 'Send Custom SMS' })).toHaveCount(0);
});

test("Stop SMS is not offered once the plan event's SMS are stopped (can_be_stopped is false)", async ({ page }) => {
  const stopped = await world.planEvent({ smsStopped: true });
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await openList(page, stopped);
  await expect(actions(page).getByRole('link', { name: 'Full details' })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Stop SMS' })).toHaveCount(0);
});

test('a driver reads the list on a phone, without Stop SMS or custom sends @phone', async ({ page }) => {
  const event = await world.planEvent();
  await signInAs(page, TENANT, `driver@${TENANT}.test`);
  await openList(page, event);
  await expect(actions(page).getByRole('link', { name: 'Full details' })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Stop SMS' })).toHaveCount(0);
  await expect(actions(page).getByRole('button', { name: 'Send Custom SMS' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});

test("the calendar's day header opens all SMS customers of that day", async ({ page }) => {
  const event = await world.planEvent();
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await page.goto(`/${TENANT}/depo/${event.depoId}/plan_event_templates/${event.week}`);
  await page.locator(`th[data-day="${event.date}"]`).getByRole('link', { name: 'SMS customers' }).click();
  const [yyyy, mm, dd] = event.date.split('-');
  await expect(page).toHaveURL(new RegExp(`/plan_events/all_customers\\?weekday=${dd}%2F${mm}%2F${yyyy}$`));
  await expect(page.getByRole('heading', { level: 1, name: `SMS customers ${dd}-${mm}-${yyyy}` })).toBeVisible();
  for (const phone of Object.values(event.phones)) await expect(rowOf(page, phone)).toContainText(event.routeName);
  // Each plan event of the day leads to its own list, where Stop SMS and custom sends are.
  await page.getByRole('link', { name: `SMS customers of ${event.routeName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/plan_events/${event.id}/sms_customers$`));
});
