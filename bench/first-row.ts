// Time from a click in the staff menu to the first table row, on the B2B customers and customers lists,
// in Chromium against a stack serving the built app (the demo data). `npm run bench -- first-row`.
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM } from '../tests/support/ensure-chromium.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';

const NAVIGATIONS = 50;
/** The goal for the first row after a menu click. */
const GOAL_P95_MS = 300;
const FIRST_ROW = '.ag-row';

const lists = [
  { name: 'b2b_customers', link: 'B2B Customers', grid: 'B2B customers' },
  { name: 'customers', link: 'Customers', grid: 'Customers' },
] as const;

async function signIn(page: Page, info: StackInfo): Promise<void> {
  await page.goto(`${info.apiUrl}/hjem-is/users/sign_in`);
  await page.getByLabel('Email').fill('admin@hjem-is.test');
  await page.getByLabel('Password').fill(info.demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
}

/** One menu click from Home to the list, timed in the page from the click to the first row drawn. */
async function clickToFirstRow(page: Page, list: (typeof lists)[number]): Promise<number> {
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  // Timed in the page: from the click to the moment a row of the list's grid is in the document.
  await page.evaluate(
    ([selector, label]) => {
      const marks = ((window as unknown as { marks: { clicked: number; row: number } }).marks = { clicked: 0, row: 0 });
      document.addEventListener('click', () => (marks.clicked = performance.now()), { once: true, capture: true });
      const observer = new MutationObserver(() => {
        const region = [...document.querySelectorAll('[role="region"]')].find((el) => el.getAttribute('aria-label') === label);
        if (marks.clicked && region?.querySelector(selector)) {
          marks.row = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    },
    [FIRST_ROW, list.grid] as const,
  );
  await menu.getByRole('link', { name: list.link, exact: true }).click();
  await page.getByRole('region', { name: list.grid }).locator(FIRST_ROW).first().waitFor();
  return page.evaluate(() => {
    const marks = (window as unknown as { marks: { clicked: number; row: number } }).marks;
    return marks.row - marks.clicked;
  });
}

export async function benchFirstRow(info: StackInfo) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, info);
    const results: Record<string, unknown> = {};
    for (const list of lists) {
      const first = await clickToFirstRow(page, list);
      const samples: number[] = [];
      for (let i = 0; i < NAVIGATIONS; i += 1) samples.push(await clickToFirstRow(page, list));
      const summary = summarise(samples);
      results[list.name] = { first_visit_ms: round(first), ...summary, within_goal: summary.p95_ms <= GOAL_P95_MS };
    }
    return { name: 'first-row', navigations: NAVIGATIONS, goal_p95_ms: GOAL_P95_MS, viewport: '1440x900', ...results };
  } finally {
    await browser.close();
  }
}
