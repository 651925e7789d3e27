import { expect, test } from '@playwright/test';
import { depoId, sql } from './support/admin-core-db.ts';
import { createStaffUser, deleteStaffUser, signInAs, type StaffUser } from './support/staff.ts';

let shared: StaffUser | undefined;

test.afterEach(async () => {
  await deleteStaffUser(shared);
});

test('a user who is admin elsewhere: name, e-mail and password are read-only with the reason, the membership still saves', async ({
  page,
}) => {
  shared = await createStaffUser({ tenant: 'den-norske-isbilen', role: 'admin' });
  const odense = await depoId('hjem-is', 'Odense');
  await sql(
    `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Nora', 'Nordmann')`,
    [shared.id, shared.email],
  );
  // One statement, so the role/depo rule (checked at commit) sees the driver with their depo.
  await sql(
    `with m as (insert into public.tenant_memberships (tenant_id, user_id, role)
                select id, $1, 'driver' from public.tenants where slug = 'hjem-is' returning tenant_id, user_id)
     insert into public.membership_depos (tenant_id, user_id, depo_id) select m.tenant_id, m.user_id, $2 from m`,
    [shared.id, odense],
  );

  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${odense}/users/${shared.id}/edit`);
  const form = page.getByRole('form', { name: 'User' });
  await expect(form.getByRole('note')).toContainText('cannot be changed here');
  await expect(form.getByLabel('First name')).toHaveValue('Nora');
  for (const field of ['First name', 'Last name', 'Email'])
    await expect(form.getByLabel(field, { exact: true })).not.toBeEditable();
  await expect(form.getByLabel('Password', { exact: true })).toHaveCount(0);

  await form.getByRole('radio', { name: 'Inactive' }).check();
  const patched = page.waitForResponse(
    (response) => response.url().includes('/functions/v1/admin-users') && response.request().method() === 'PATCH',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await patched).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'User successfully updated' })).toBeVisible();
  const rows = await sql<{ status: string }>(
    `select m.status from public.tenant_memberships m join public.tenants t on t.id = m.tenant_id where m.user_id = $1 order by t.slug`,
    [shared.id],
  );
  expect(rows).toEqual([{ status: 'active' }, { status: 'inactive' }]);
});

test('a user who works only here: the identity fields stay editable', async ({ page }) => {
  shared = await createStaffUser({ tenant: 'hjem-is', role: 'driver' });
  const first = (
    await sql<{ id: string }>(
      `select min(d.id) as id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is'`,
    )
  )[0].id;
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/admin/depo/${first}/users/${shared.id}/edit`);
  const form = page.getByRole('form', { name: 'User' });
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(shared.email);
  await expect(form.getByLabel('Email', { exact: true })).toBeEditable();
  await expect(form.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(form.getByRole('note')).toHaveCount(0);
});
