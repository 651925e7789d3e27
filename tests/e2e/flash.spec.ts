import { expect, test } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// Issue 8: toasts do not pile up or contradict each other.
test.describe.configure({ timeout: 90_000 });

const PREFIX = 'E2E-FLASH';

test.afterAll(async () => {
  await sql('delete from public.stop_types where stop_type like $1', [`${PREFIX}-%`]);
});

test('a save that failed and then worked leaves only the success', async ({ page }) => {
  const taken = uniqueName(PREFIX);
  await sql(
    `insert into public.stop_types (tenant_id, stop_type, wait_time) select id, $1, 0.5 from public.tenants where slug = 'hjem-is'`,
    [taken],
  );
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto('/hjem-is/admin/stop_types/new');
  const form = page.getByRole('form', { name: 'New stop type' });
  const flashes = page.locator('.flash-host .flash__text');

  await form.getByLabel('Stop type').fill(taken);
  await form.getByLabel('Wait time').fill('00:45');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(flashes).toHaveText([/^Stop type has already been taken/]);

  await form.getByLabel('Stop type').fill(uniqueName(PREFIX));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(flashes).toHaveText(['Stop type successfully saved!']);
});

test('the same warning twice shows once', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${await depoId('hjem-is', 'Aarhus')}/customers`);
  const search = page.getByLabel('Search customers');
  const flashes = page.locator('.flash-host .flash__text');

  await search.fill('a');
  await search.press('Enter');
  await expect(flashes).toHaveText(['You must enter more than 2 characters in search field']);
  await search.press('Enter');
  await search.press('Enter');
  // Each Enter raised the warning again: still one on screen.
  await expect(flashes).toHaveText(['You must enter more than 2 characters in search field']);
});
