import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { serviceClient } from '../support/clients.ts';
import {
  createStaffUser,
  DEMO_PASSWORD,
  deleteStaffUser,
  fillSignIn,
  signInAs,
  type StaffUser,
} from './support/staff.ts';

const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test.describe('lock-out', () => {
  // Five or six sign-ins, each followed by the notice call.
  test.describe.configure({ timeout: 60_000 });
  let user: StaffUser;

  test.beforeEach(async () => {
    user = await createStaffUser({ tenant: 'hjem-is', role: 'support' });
  });

  test.afterEach(async () => {
    await deleteStaffUser(user);
  });

  test('the 4th wrong password warns of the lock and the 5th locks the account', async ({ page }) => {
    await page.goto('/hjem-is/users/sign_in');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await fillSignIn(page, user.email, `wrong-${attempt}`);
      await expect(alertWith(page, 'Invalid Email or password.')).toBeVisible();
    }
    await fillSignIn(page, user.email, 'wrong-4');
    await expect(alertWith(page, 'You have one more attempt before your account is locked.')).toBeVisible();

    await fillSignIn(page, user.email, 'wrong-5');
    await expect(alertWith(page, 'Your account is locked.')).toBeVisible();

    // Locked means locked: the right password no longer lets the user in.
    await fillSignIn(page, user.email, user.password);
    await expect(alertWith(page, 'Your account is locked.')).toBeVisible();
    await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
  });

  test('an unknown address gets the very same answers, so the form does not tell who has an account', async ({
    page,
  }) => {
    const stranger = `nobody-${randomUUID().slice(0, 8)}@hjem-is.test`;
    await page.goto('/hjem-is/users/sign_in');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await fillSignIn(page, stranger, `wrong-${attempt}`);
      await expect(alertWith(page, 'Invalid Email or password.')).toBeVisible();
    }
    await fillSignIn(page, stranger, 'wrong-4');
    await expect(alertWith(page, 'You have one more attempt before your account is locked.')).toBeVisible();
    await fillSignIn(page, stranger, 'wrong-5');
    await expect(alertWith(page, 'Your account is locked.')).toBeVisible();
  });
});

test('an inactive account is refused', async ({ page }) => {
  await page.goto('/hjem-is/users/sign_in');

  await fillSignIn(page, 'inactive@hjem-is.test', DEMO_PASSWORD);

  await expect(alertWith(page, 'Your account is not activated yet.')).toBeVisible();
  await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
});

test('an unconfirmed e-mail address is refused', async ({ page }) => {
  const email = `unconfirmed-${randomUUID().slice(0, 8)}@e2e.test`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: false });
  if (error) throw error;
  try {
    await page.goto('/hjem-is/users/sign_in');
    await fillSignIn(page, email, password);
    await expect(alertWith(page, 'You have to confirm your email address before continuing.')).toBeVisible();
  } finally {
    await serviceClient().auth.admin.deleteUser(data.user.id);
  }
});

test("a member of another company is refused on this company's pages and offered their own", async ({ page }) => {
  await signInAs(page, 'hjem-is', 'driver@hjem-is.test');

  await page.goto('/romania/users/sign_in');
  await expect(alertWith(page, 'You are not a member of this company.')).toBeVisible();
  await page.goto('/romania');
  await expect(page).toHaveURL(/\/romania\/users\/sign_in$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frozen Romania');
  await expect(alertWith(page, 'You are not a member of this company.')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);

  await page.getByRole('link', { name: 'Hjem-IS Danmark' }).click();
  await expect(page).toHaveURL(/\/hjem-is$/);
  await expect(page.getByRole('banner').getByTestId('current-role')).toHaveText('Driver');
});

test("signing in on a company's page with another company's account is refused", async ({ page }) => {
  await page.goto('/romania/users/sign_in');

  await fillSignIn(page, 'driver@hjem-is.test', DEMO_PASSWORD);

  await expect(alertWith(page, 'You are not a member of this company.')).toBeVisible();
  await expect(page).toHaveURL(/\/romania\/users\/sign_in$/);
  // Another account can sign in from here.
  await page.getByRole('button', { name: 'Sign in with another account' }).click();
  await fillSignIn(page, 'driver@romania.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/romania$/);
  await expect(page.getByRole('banner')).toContainText('Frozen Romania');
});

test('an account that belongs to no company is signed out again', async ({ page }) => {
  const email = `nobody-${randomUUID().slice(0, 8)}@e2e.test`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  try {
    await page.goto('/hjem-is/users/sign_in');
    await fillSignIn(page, email, password);

    await expect(alertWith(page, 'You are not a member of this company.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/hjem-is');
    await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
    await expect(page.getByText('You need to sign in or sign up before continuing.')).toBeVisible();
  } finally {
    await serviceClient().auth.admin.deleteUser(data.user.id);
  }
});

test('the two-tenant user opens both companies with one sign-in', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'two-tenants@demo.test');
  await expect(page.getByRole('banner')).toContainText('Hjem-IS Danmark');
  await expect(page.getByRole('banner').getByLabel('Depo').locator('option')).toHaveCount(3);

  await page.goto('/den-norske-isbilen');

  await expect(page).toHaveURL(/\/den-norske-isbilen$/);
  const header = page.getByRole('banner');
  await expect(header).toContainText('Den Norske Isbilen');
  await expect(header.getByTestId('current-role')).toHaveText('Admin');
  await expect(header.getByLabel('Depo').locator('option')).toHaveText(['Bergen', 'Oslo', 'Trondheim']);
});

/** Makes the stored session unusable: expired access token, refresh token the server does not know. */
async function spoilStoredSession(page: Page): Promise<void> {
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('sb-') && name.endsWith('-auth-token'));
    if (!key) throw new Error('no stored session');
    const session = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(
      key,
      JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60, refresh_token: 'revoked' }),
    );
  });
}

test.describe('session expiry', () => {
  let user: StaffUser;

  test.beforeEach(async () => {
    user = await createStaffUser({ tenant: 'hjem-is', role: 'driver' });
  });

  test.afterEach(async () => {
    await deleteStaffUser(user);
  });

  test('a session that cannot be refreshed while a page is open leads to sign-in with the expired text', async ({
    page,
  }) => {
    await signInAs(page, 'hjem-is', user.email, user.password);

    await spoilStoredSession(page);
    // Coming back to the tab makes supabase-js check (and try to refresh) the stored session.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

    await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
    await expect(page.getByText('Your session expired. Please sign in again to continue.')).toBeVisible();
  });

  test('opening a page with an expired, unrefreshable session leads to sign-in with the expired text', async ({
    page,
  }) => {
    await signInAs(page, 'hjem-is', user.email, user.password);

    await spoilStoredSession(page);
    await page.reload();

    await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
    await expect(page.getByText('Your session expired. Please sign in again to continue.')).toBeVisible();
  });
});
