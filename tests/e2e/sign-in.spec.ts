import { expect, test } from '@playwright/test';
import {
  createStaffUser,
  DEMO_PASSWORD,
  deleteStaffUser,
  fillSignIn,
  signInAs,
  type StaffUser,
} from './support/staff.ts';
import { mainMenu } from './support/main-menu.ts';

const roles = [
  { email: 'admin@hjem-is.test', role: 'Admin', depos: ['Aarhus', 'Glostrup', 'Odense'] },
  { email: 'depo-admin@hjem-is.test', role: 'Depo admin', depos: ['Aarhus', 'Glostrup'] },
  { email: 'support@hjem-is.test', role: 'Support', depos: ['Aarhus'] },
  { email: 'driver@hjem-is.test', role: 'Driver', depos: ['Aarhus'] },
];

for (const { email, role, depos } of roles) {
  test(
    `${role} of hjem-is signs in and sees the role and their ${depos.length} depo(s)`,
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/hjem-is/users/sign_in');
      // Before sign-in the tenant's own name, from tenant_public_branding (anon reads no table).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hjem-IS Danmark');

      await fillSignIn(page, email, DEMO_PASSWORD);

      await expect(page).toHaveURL(/\/hjem-is$/);
      const header = page.getByRole('banner');
      await expect(header).toContainText('Hjem-IS Danmark');
      await expect(header.getByTestId('current-role')).toHaveText(role);
      const switcher = header.getByLabel('Depo');
      await expect(switcher.locator('option')).toHaveText(depos);
      await expect((await mainMenu(page)).getByRole('link', { name: 'Home' })).toBeVisible();
    },
  );
}

test.describe('with a fresh member', () => {
  let user: StaffUser;

  test.beforeEach(async () => {
    user = await createStaffUser({ tenant: 'hjem-is', role: 'driver' });
  });

  test.afterEach(async () => {
    await deleteStaffUser(user);
  });

  test(
    'a wrong password shows the error and keeps the user on the sign-in page',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/hjem-is/users/sign_in');

      await fillSignIn(page, user.email, `${user.password}-wrong`);

      await expect(page.getByRole('alert').filter({ hasText: 'Invalid Email or password.' })).toBeVisible();
      await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
      // An unknown address gets the same answer: the form does not tell who works here.
      await fillSignIn(page, `nobody-${user.email}`, 'whatever');
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid Email or password.' })).toBeVisible();
    },
  );

  test('signing out ends the session: staff pages ask to sign in again', { tag: '@phone' }, async ({ page }) => {
    await signInAs(page, 'hjem-is', user.email, user.password);

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();

    await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/hjem-is');
    await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
    await expect(page.getByText('You need to sign in or sign up before continuing.')).toBeVisible();
  });

  test('a signed-in member who opens the sign-in page is sent home', { tag: '@phone' }, async ({ page }) => {
    await signInAs(page, 'hjem-is', user.email, user.password);

    await page.goto('/hjem-is/users/sign_in');

    await expect(page).toHaveURL(/\/hjem-is$/);
    await expect(page.getByText('You are already signed in.')).toBeVisible();
  });
});

test('a signed-out visit to a staff page asks to sign in first', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/den-norske-isbilen');

  await expect(page).toHaveURL(/\/den-norske-isbilen\/users\/sign_in$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Den Norske Isbilen');
  await expect(page.getByText('You need to sign in or sign up before continuing.')).toBeVisible();
});

test('the start page leads to a tenant sign-in', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'romania', exact: true }).click();

  await expect(page).toHaveURL(/\/romania\/users\/sign_in$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frozen Romania');
});

test('the sign-in page of a tenant that does not exist names only its slug', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/no-such-company/users/sign_in');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('no-such-company');
});
