import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { stackInfo } from '../support/stack-info.ts';
import { signInAs } from './support/staff.ts';
import { waitForLiveTopic } from './support/live.ts';
import { mainMenu } from './support/main-menu.ts';

const LIST = '/hjem-is/admin/b2b_customers';

/** SQL as the superuser: what another user or the seeds would have done. */
async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

const grid = (page: Page) => page.getByRole('region', { name: 'B2B customers' });
/** The customer rows on screen (an expanded row's details are a full-width row). */
const dataRows = (page: Page) => grid(page).locator('.ag-row:not(.ag-full-width-row)');
const tab = (page: Page, label: RegExp) => page.getByRole('tab', { name: label });

async function tabCount(page: Page, label: RegExp): Promise<number> {
  const text = (await tab(page, label).locator('.b2b-customers__count').textContent()) ?? '';
  return Number(text);
}

async function counts(tenantSlug: string, status: 'active' | 'inactive', search = '') {
  const [row] = await sql<{ all: string; in_route: string }>(
    `select count(*) as all, count(*) filter (where in_route) as in_route
       from public.b2b_customers b join public.tenants t on t.id = b.tenant_id
      where t.slug = $1 and b.status = $2::public.active_status
        and ($3 = '' or concat_ws(' ', customer_name, customer_number, shop_id, address, zip_code, phone, phone_2) ilike '%' || $3 || '%')`,
    [tenantSlug, status, search],
  );
  return { all: Number(row.all), inRoute: Number(row.in_route) };
}

test.describe('B2B customers on hjem-is (the tenant that edits them)', () => {
  // Only the rows these tests made, even when a test stopped half-way.
  test.afterAll(async () => {
    await sql(`delete from public.b2b_customers where customer_number like 'E2E-%' or customer_number like 'LIVE-%'`);
  });

  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  });

  test('lists 25 per page with tabs and counts; status, search and tabs filter', async ({ page }) => {
    const active = await counts('hjem-is', 'active');
    await expect((await mainMenu(page)).getByRole('link', { name: 'B2B Customers' })).toHaveAttribute(
      'href',
      /\/hjem-is\/admin\/depo\/\d+\/b2b_customers$/,
    );
    await page.goto(LIST);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('B2B Customers');
    for (const header of [
      'Shop ID',
      'Segmentation',
      'Customer Name',
      'Address',
      'Zip code',
      'Phone',
      'Depos',
      'Next visit dates',
      'Routes',
    ]) {
      await expect(grid(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('tab')).toHaveText([
      /^All/,
      /^In Route/,
      /^Not in route/,
      /^In calendar/,
      /^Not in Calendar/,
    ]);
    await expect.poll(() => tabCount(page, /^All/)).toBe(active.all);
    expect(await tabCount(page, /^In Route/)).toBe(active.inRoute);
    expect(await tabCount(page, /^Not in route/)).toBe(active.all - active.inRoute);
    expect((await tabCount(page, /^In calendar/)) + (await tabCount(page, /^Not in Calendar/))).toBe(active.all);

    // Paging: 25 rows, then the rest; Next is disabled on a short page.
    expect(active.all).toBeGreaterThan(25);
    await expect(dataRows(page)).toHaveCount(25);
    await expect(page.getByText('Page: 1')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Page: 2')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(active.all - 25);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();

    // A tab shows its own customers, from page 1.
    await tab(page, /^Not in route/).click();
    await expect(tab(page, /^Not in route/)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Page: 1')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(Math.min(25, active.all - active.inRoute));
    await expect(page).toHaveURL(/tab=not_in_route/);

    // Status reloads the counts and the list.
    const inactive = await counts('hjem-is', 'inactive');
    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await expect.poll(() => tabCount(page, /^All/)).toBe(inactive.all);
    await tab(page, /^All/).click();
    await expect(dataRows(page)).toHaveCount(inactive.all);
    await page.getByLabel('Status').selectOption({ label: 'Active' });
    await expect.poll(() => tabCount(page, /^All/)).toBe(active.all);

    // Depo: only the customers of that depo.
    const [{ title, n }] = await sql<{ title: string; n: string }>(
      `select d.title, count(*) as n from public.b2b_customer_depos bd join public.depos d on d.id = bd.depo_id
         join public.b2b_customers b on b.id = bd.b2b_customer_id join public.tenants t on t.id = d.tenant_id
        where t.slug = 'hjem-is' and b.status = 'active' group by d.title order by d.title limit 1`,
    );
    await page.getByRole('main').getByLabel('Depo', { exact: true }).selectOption({ label: title });
    await expect.poll(() => tabCount(page, /^All/)).toBe(Number(n));
    await expect(dataRows(page)).toHaveCount(Math.min(25, Number(n)));
    await page.getByRole('main').getByLabel('Depo', { exact: true }).selectOption({ label: 'All depos' });
    await expect.poll(() => tabCount(page, /^All/)).toBe(active.all);
  });

  test('the search box needs more than 2 characters', async ({ page }) => {
    await page.goto(LIST);
    const box = page.getByRole('searchbox', { name: 'Search B2B customers' });
    await box.fill('K');
    await box.press('Enter');
    await expect(page.getByText('You must enter more than 2 characters in search field')).toBeVisible();
    await expect(page).not.toHaveURL(/search_phrase=/);

    await box.fill('Ki');
    await box.press('Enter');
    await page.waitForTimeout(300);
    await expect(page).not.toHaveURL(/search_phrase=/);

    const kiosks = await counts('hjem-is', 'active', 'Kiosk');
    expect(kiosks.all).toBeGreaterThan(0);
    await box.fill('Kiosk');
    await box.press('Enter');
    await expect(page).toHaveURL(/search_phrase=Kiosk/);
    await expect.poll(() => tabCount(page, /^All/)).toBe(kiosks.all);
    await expect(dataRows(page)).toHaveCount(Math.min(25, kiosks.all));
    for (const name of await dataRows(page).locator('[col-id="customer_name"]').allTextContents()) {
      expect(name).toContain('Kiosk');
    }

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/search_phrase=Kiosk/);
    await expect.poll(() => tabCount(page, /^All/)).toBe((await counts('hjem-is', 'active')).all);
  });

  test('rows expand and collapse; create, edit and delete a customer', async ({ page }) => {
    test.setTimeout(60_000);
    const suffix = randomUUID().slice(0, 6);
    const name = `E2E Shop ${suffix}`;
    const number = `E2E-${suffix}`;
    await page.goto(LIST);

    // Create in the modal; a blank name is refused and nothing typed is lost.
    await page.getByRole('button', { name: 'Create B2B Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new B2B Customer' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Account Number').fill(number);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText("can't be blank")).toBeVisible();
    await expect(dialog.getByLabel('Account Number')).toHaveValue(number);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('B2B Customer Saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('B2B Customer Saved')).toBeHidden();

    // A second customer with the same account number is refused, shown as a message.
    await page.getByRole('button', { name: 'Create B2B Customer' }).click();
    await dialog.getByLabel('Name').fill(`${name} twin`);
    await dialog.getByLabel('Account Number').fill(number);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('has already been taken', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Account Number has already been taken');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const box = page.getByRole('searchbox', { name: 'Search B2B customers' });
    await box.fill(number);
    await box.press('Enter');
    await expect(dataRows(page)).toHaveCount(1);
    await expect(grid(page).getByText(name)).toBeVisible();

    // Expand with the keyboard, then collapse.
    const expand = page.getByRole('button', { name: `Show details of ${name}` });
    await expand.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('group', { name: `Details of ${name}` });
    await expect(details).toBeVisible();
    await expect(details.getByText(number)).toBeVisible();
    await page.getByRole('button', { name: `Hide details of ${name}` }).click();
    await expect(details).toBeHidden();
    await page.getByRole('button', { name: `Show details of ${name}` }).click();

    // Edit: an invalid opening week stays on the form with its message; then it saves.
    await details.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/hjem-is\/admin\/b2b_customers\/\d+\/edit/);
    await expect(page.getByLabel('Customer Name', { exact: true })).toHaveValue(name);
    await page.getByLabel('Address').fill('Strøget 1, København');
    await page.getByLabel('Opening week').fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('must be between 1 and 53')).toBeVisible();
    await expect(page.getByLabel('Address')).toHaveValue('Strøget 1, København');
    await page.getByLabel('Opening week').fill('22');
    await page.getByLabel('Segmentation').fill('Z');
    await page.getByLabel('Shop open at').fill('09:30');
    await page.getByLabel('Notes to customer').fill('Ring the bell');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('B2B Customer Saved')).toBeVisible();
    const saved = async () =>
      (
        await sql(
          'select address, opening_week, segmentation, shop_open_at::text, notes_to_customer from public.b2b_customers where customer_number = $1',
          [number],
        )
      )[0];
    await expect.poll(saved).toEqual({
      address: 'Strøget 1, København',
      opening_week: 22,
      segmentation: 'Z',
      shop_open_at: '09:30:00',
      notes_to_customer: 'Ring the bell',
    });

    // Delete, after the confirmation.
    await page.getByRole('link', { name: 'Back to B2B Customers' }).click();
    await box.fill(number);
    await box.press('Enter');
    await page.getByRole('button', { name: `Show details of ${name}` }).click();
    await page
      .getByRole('group', { name: `Details of ${name}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('Are you sure you want to delete this customer?');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await page
      .getByRole('group', { name: `Details of ${name}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(grid(page).getByText('No B2B customers found')).toBeVisible();
    expect(await sql('select 1 from public.b2b_customers where customer_number = $1', [number])).toHaveLength(0);
  });

  test('Export downloads the xlsx of exactly the filtered list, with progress', async ({ page }) => {
    await page.goto(`${LIST}?search_phrase=Kiosk&tab=in_route`);
    const [{ n }] = await sql<{ n: string }>(
      `select count(*) as n from public.b2b_customers b join public.tenants t on t.id = b.tenant_id
        where t.slug = 'hjem-is' and b.status = 'active' and b.in_route
          and concat_ws(' ', customer_name, customer_number, shop_id, address, zip_code, phone, phone_2) ilike '%Kiosk%'`,
    );
    await expect.poll(() => tabCount(page, /^In Route/)).toBe(Number(n));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^b2b_customers_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText(`Exported ${n} rows`);

    const file = await download.path();
    const sheet = execFileSync('unzip', ['-p', file, 'xl/worksheets/sheet1.xml']).toString('utf8');
    const rows = sheet.match(/<row /g) ?? [];
    expect(rows).toHaveLength(Number(n) + 1); // the header and the listed customers
    expect(sheet).toContain('Customer Name');
    const names = [...sheet.matchAll(/<t xml:space="preserve">([^<]*Kiosk[^<]*)<\/t>/g)].map((match) => match[1]);
    expect(names.length).toBeGreaterThanOrEqual(Number(n));
  });

  test('the list updates live when another user changes a customer', async ({ page }) => {
    const suffix = randomUUID().slice(0, 6);
    const number = `LIVE-${suffix}`;
    await page.goto(`${LIST}?search_phrase=${number}`);
    await expect.poll(() => tabCount(page, /^All/)).toBe(0);
    // The private channel has joined before the change is made elsewhere.
    await waitForLiveTopic(page, 'b2b_customers');
    await sql(
      `insert into public.b2b_customers (tenant_id, customer_name, customer_number) select id, $2, $1 from public.tenants where slug = 'hjem-is'`,
      [number, `Live Shop ${suffix}`],
    );
    try {
      await expect(grid(page).getByText(`Live Shop ${suffix}`)).toBeVisible({ timeout: 10_000 });
      await expect.poll(() => tabCount(page, /^All/)).toBe(1);
      await sql(`update public.b2b_customers set customer_name = $2 where customer_number = $1`, [
        number,
        `Live Shop ${suffix} renamed`,
      ]);
      await expect(grid(page).getByText(`Live Shop ${suffix} renamed`)).toBeVisible({ timeout: 10_000 });
    } finally {
      await sql('delete from public.b2b_customers where customer_number = $1', [number]);
    }
  });

  test('works on a phone-wide screen without the page scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(LIST);
    await expect(dataRows(page)).toHaveCount(25);
    // The page's own content fits; the grid scrolls sideways inside itself. (The shared header's menu is not this screen's.)
    const overflow = await page.evaluate(() => {
      const main = document.querySelector('main');
      return main
        ? Math.max(main.scrollWidth - main.clientWidth, main.getBoundingClientRect().right - window.innerWidth)
        : 1;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Export' })).toBeInViewport();
  });
});

test.describe('B2B customers on den-norske-isbilen (read only)', () => {
  test('no create, edit or delete', async ({ page }) => {
    await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
    await page.goto('/den-norske-isbilen/admin/b2b_customers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('B2B Customers');
    await expect(dataRows(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Create B2B Customer' })).toHaveCount(0);
    await page
      .getByRole('button', { name: /^Show details of / })
      .first()
      .click();
    const details = page.getByRole('group', { name: /^Details of / });
    await expect(details).toBeVisible();
    await expect(details.getByText('Account Number')).toBeVisible();
    await expect(details.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // The edit page is not offered by URL either.
    const [{ id }] = await sql<{ id: string }>(
      `select b.id from public.b2b_customers b join public.tenants t on t.id = b.tenant_id where t.slug = 'den-norske-isbilen' limit 1`,
    );
    await page.goto(`/den-norske-isbilen/admin/b2b_customers/${id}/edit`);
    await expect(page.getByRole('main')).toHaveText('You are not authorized to access this page.');
    await expect(page.getByLabel('Customer Name', { exact: true })).toHaveCount(0);
  });
});
