import { expect, test } from '@playwright/test';
import { createStaffUser, deleteStaffUser, fillSignIn, latestMail, type StaffUser } from './support/staff.ts';

let user: StaffUser;

test.beforeEach(async () => {
  user = await createStaffUser({ tenant: 'hjem-is', role: 'admin' });
});

test.afterEach(async () => {
  await deleteStaffUser(user);
});

test(
  'a forgotten password is reset through the e-mailed link, which signs the user in',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/hjem-is/users/sign_in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/hjem-is\/users\/password\/new$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hjem-IS Danmark');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send me reset password instructions' }).click();

    await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
    await expect(
      page.getByText('You will receive an email with instructions on how to reset your password in a few minutes.'),
    ).toBeVisible();

    const mail = await latestMail(user.email, 'recovery');
    expect(new URL(mail.link).searchParams.get('redirect_to')).toMatch(/\/hjem-is\/users\/password\/edit$/);
    await page.goto(mail.link);

    await expect(page).toHaveURL(/\/hjem-is\/users\/password\/edit/);
    const newPassword = `new-${user.password}`;
    // Devise's checks come first.
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm new password').fill('abc');
    await page.getByRole('button', { name: 'Change my password' }).click();
    await expect(page.getByText('Password is too short (minimum is 6 characters)')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Change my password' }).click();
    await expect(page.getByText("Password confirmation doesn't match Password")).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change my password' }).click();

    await expect(page).toHaveURL(/\/hjem-is$/);
    await expect(page.getByText('Your password has been changed successfully. You are now signed in.')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Hjem-IS Danmark');

    // The new password is the one that works from now on.
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await fillSignIn(page, user.email, user.password);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid Email or password.' })).toBeVisible();
    await fillSignIn(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/hjem-is$/);
  },
);

test('the change-password page without a reset link says how to get one', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/hjem-is/users/password/edit');

  await expect(
    page.getByText(
      "You can't access this page without coming from a password reset email. If you do come from a password reset email, please make sure you used the full URL provided.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test('a reset link used twice is refused as expired', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/hjem-is/users/password/new');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send me reset password instructions' }).click();
  await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
  const mail = await latestMail(user.email, 'recovery');
  // Someone (a mail scanner, another tab) followed the link first.
  const first = await fetch(mail.link, { redirect: 'manual' });
  expect(first.status).toBe(303);

  await page.goto(mail.link);

  await expect(page.getByText('Reset password token has expired, please request a new one')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});
