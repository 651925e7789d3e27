import type { Locator, Page } from '@playwright/test';

/**
 * The staff sidebar, opened first when the screen is narrow enough to hide it behind the header's
 * Menu button (phones): what a user does before picking an entry.
 */
export async function mainMenu(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const button = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return nav;
}
