import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { serviceClient } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';

export const DEMO_PASSWORD = 'icecream-demo';

export type AppRole = 'admin' | 'depo_admin' | 'support' | 'driver';

export interface StaffUser {
  id: string;
  email: string;
  password: string;
}

/** Runs SQL as the superuser: what an admin screen (or the users edge function) would arrange. */
async function asAdmin<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/**
 * A fresh confirmed staff user, made through the Auth admin API, with an active membership of the
 * tenant (support and driver get the tenant's first depo, a depo admin its first two).
 */
export async function createStaffUser(options: { tenant?: string; role?: AppRole } = {}): Promise<StaffUser> {
  const { tenant = 'hjem-is', role = 'admin' } = options;
  const email = `staff-${randomUUID().slice(0, 8)}@e2e.test`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  const userId = data.user.id;
  await asAdmin(async (db) => {
    await db.query('begin');
    try {
      await db.query(
        `insert into public.tenant_memberships (tenant_id, user_id, role)
         select id, $2, $3::public.app_role from public.tenants where slug = $1`,
        [tenant, userId, role],
      );
      const depoCount = role === 'admin' ? 0 : role === 'depo_admin' ? 2 : 1;
      if (depoCount > 0) {
        await db.query(
          `insert into public.membership_depos (tenant_id, user_id, depo_id)
           select d.tenant_id, $2, d.id from public.depos d join public.tenants t on t.id = d.tenant_id
           where t.slug = $1 order by d.id limit $3`,
          [tenant, userId, depoCount],
        );
      }
      await db.query('commit');
    } catch (failure) {
      await db.query('rollback');
      throw failure;
    }
  });
  return { id: userId, email, password };
}

export async function deleteStaffUser(user: StaffUser | undefined): Promise<void> {
  if (user) await serviceClient().auth.admin.deleteUser(user.id);
}

/** Fills the sign-in form of the page on screen and submits it. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What the app keeps of a signed-in session in the browser: supabase-js's `sb-…-auth-token` entry. */
type SessionItems = [string, string][];

/**
 * Sessions this worker already signed in through the form, by address and password. Reused for at most 20
 * minutes: access tokens last an hour and the client refreshes only near the end, so a reused session is never
 * refreshed by two tests at once (which rotation would take for a stolen token).
 */
const signedIn = new Map<string, { items: SessionItems; at: number }>();
const REUSE_MS = 20 * 60_000;

/**
 * Signs in and waits for the staff home. The first time a worker signs in as someone it goes through the
 * sign-in form; later it puts that session back into the browser and opens the home page, as a returning
 * member does. A session that no longer works (signed out, revoked) falls back to the form.
 */
export async function signInAs(page: Page, tenant: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  const key = `${email}\n${password}`;
  const known = signedIn.get(key);
  if (known && Date.now() - known.at < REUSE_MS && (await resumeSession(page, tenant, known.items))) return;
  await page.goto(`/${tenant}/users/sign_in`);
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`/${tenant}(\\?.*)?$`));
  await expect(page.getByRole('banner')).toBeVisible();
  const items = await page.evaluate(() =>
    Object.entries(window.localStorage).filter(([name]) => name.startsWith('sb-') && name.endsWith('-auth-token')),
  );
  signedIn.set(key, { items, at: Date.now() });
}

/** Opens the tenant's home with a stored session; false when Auth no longer knows it (signed out, revoked). */
async function resumeSession(page: Page, tenant: string, items: SessionItems): Promise<boolean> {
  if (!(await sessionIsLive(items))) return false;
  // Any document of the app's origin gives access to its storage; the health answer is the smallest.
  await page.goto('/auth/v1/health');
  await page.evaluate((entries) => {
    for (const [name, value] of entries) window.localStorage.setItem(name, value);
  }, items);
  await page.goto(`/${tenant}`);
  await expect(page).toHaveURL(new RegExp(`/${tenant}(\\?.*)?$`));
  await expect(page.getByRole('banner')).toBeVisible();
  return true;
}

/** Asks Auth whether the stored session still stands, as the client does when it reads the user. */
async function sessionIsLive(items: SessionItems): Promise<boolean> {
  const stored = items[0]?.[1];
  if (!stored) return false;
  const { access_token: accessToken } = JSON.parse(stored) as { access_token?: string };
  if (!accessToken) return false;
  const answer = await fetch(new URL('auth/v1/user', `${stackInfo().apiUrl}/`), {
    headers: { apikey: stackInfo().anonKey, authorization: `Bearer ${accessToken}` },
  });
  return answer.ok;
}

export { latestMail, type OutboxMail } from '../../support/mail-outbox.ts';
