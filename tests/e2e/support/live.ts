import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's live channel for `table` has joined (the app lists joined topics on
 * `<html data-live-topics>`), so a change made next is sure to be pushed to it.
 */
export async function waitForLiveTopic(page: Page, table: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-live-topics', new RegExp(`(^|\\s)[^\\s]*:${table}(\\s|$)`), {
    timeout: 10_000,
  });
}
