import type { Page } from '@playwright/test';
import type { StackInfo } from '../../tests/support/stack-info.ts';

/** Signs the hjem-is demo admin in and waits for the staff home. */
export async function signInAsDemoAdmin(page: Page, info: StackInfo): Promise<void> {
  await page.goto(`${info.apiUrl}/hjem-is/users/sign_in`);
  await page.getByLabel('Email').fill('admin@hjem-is.test');
  await page.getByLabel('Password').fill(info.demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
}

/** A client-side navigation to `href` (as a click on a link is), without the link: the router follows popstate. */
export async function navigateInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}
