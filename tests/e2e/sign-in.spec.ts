import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { serviceClient } from '../support/clients.ts';

interface StaffUser {
  id: string;
  email: string;
  password: string;
}

/** A confirmed user made through the Auth admin API, as an admin would create staff. */
async function createStaffUser(): Promise<StaffUser> {
  const email = `staff-${randomUUID().slice(0, 8)}@e2e.test`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  return { id: data.user.id, email, password };
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

let user: StaffUser;

test.beforeAll(async () => {
  user = await createStaffUser();
});

test.afterAll(async () => {
  if (user) await serviceClient().auth.admin.deleteUser(user.id);
});

test('a staff member signs in from the start page, sees the home and signs out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'hjem-is', exact: true }).click();
  await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);

  await fillSignIn(page, user.email, user.password);

  await expect(page).toHaveURL(/\/hjem-is$/);
  const header = page.getByRole('banner');
  await expect(header).toContainText('hjem-is');
  await expect(header).toContainText(user.email);

  await header.getByRole('button', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Signed out for real: the staff home no longer lets us in.
  await page.goto('/hjem-is');
  await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
});

test('a wrong password shows the error and keeps the user on the sign-in page', async ({ page }) => {
  await page.goto('/hjem-is/users/sign_in');

  await fillSignIn(page, user.email, `${user.password}-wrong`);

  await expect(page.getByText('Invalid Email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/hjem-is\/users\/sign_in$/);
});

test('a signed-out visit to a staff page asks to sign in first', async ({ page }) => {
  await page.goto('/den-norske-isbilen');

  await expect(page).toHaveURL(/\/den-norske-isbilen\/users\/sign_in$/);
  await expect(page.getByText('You need to sign in or sign up before continuing.')).toBeVisible();
});
