import { expect, test } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { createStaffUser, deleteStaffUser, signInAs, type StaffUser } from './support/staff.ts';
import { waitForLiveTopic } from './support/live.ts';

const PREFIX = 'E2E-LIVE';
let secondAdmin: StaffUser | undefined;

test.afterAll(async () => {
  await sql(`delete from public.cars where internal_number like $1`, [`${PREFIX}-%`]);
  await deleteStaffUser(secondAdmin);
});

test("one admin edits a car and the other admin's list shows it within a second, without a reload", async ({
  browser,
}) => {
  const glostrup = await depoId('hjem-is', 'Glostrup');
  const number = uniqueName(PREFIX);
  const [car] = await sql<{ id: string }>(
    `insert into public.cars (tenant_id, depo_id, internal_number, plate_number, mobile_number)
     select tenant_id, id, $2, 'LV 22222', '+45 10 10 10 10' from public.depos where id = $1 returning id`,
    [glostrup, number],
  );
  secondAdmin = await createStaffUser({ tenant: 'hjem-is', role: 'admin' });

  const editorContext = await browser.newContext();
  const watcherContext = await browser.newContext();
  try {
    const editor = await editorContext.newPage();
    const watcher = await watcherContext.newPage();
    await signInAs(editor, 'hjem-is', 'admin@hjem-is.test');
    await signInAs(watcher, 'hjem-is', secondAdmin.email, secondAdmin.password);

    await watcher.goto(`/hjem-is/admin/depo/${glostrup}/cars`);
    const watchedRow = watcher.getByRole('region', { name: 'Cars' }).getByRole('row').filter({ hasText: number });
    await expect(watchedRow).toContainText('+45 10 10 10 10');
    // The watcher's channel has joined before the change is made.
    await waitForLiveTopic(watcher, 'cars');
    let reloaded = false;
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) reloaded = true;
    });

    await editor.goto(`/hjem-is/admin/depo/${glostrup}/cars/${car.id}/edit`);
    const form = editor.getByRole('form', { name: 'Edit car' });
    await form.getByLabel('Mobile number').fill('+45 20 20 20 20');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('status').filter({ hasText: `Car: ${number} successfully updated!` })).toBeVisible();

    await expect(watchedRow).toContainText('+45 20 20 20 20', { timeout: 1000 });
    expect(reloaded).toBe(false);
  } finally {
    await editorContext.close();
    await watcherContext.close();
  }
});
