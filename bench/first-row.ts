// Time from a click in the staff menu to the first table row, on the B2B customers and customers lists,
// in Chromium against a stack serving the built app (the demo data). `npm run bench -- first-row`.
// Also, per list, a cold load of its address: every script the browser has started to fetch by the time the
// first row is on screen, gzip-compressed (the browser's view of what route-bundles.ts reads from the manifest).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import { CHROMIUM } from '../tests/support/ensure-chromium.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';
import { signInAsDemoAdmin } from './support/staff-browser.ts';

const NAVIGATIONS = 50;
/** The goal for the first row after a menu click. */
const GOAL_P95_MS = 300;
/** The ceiling for the JavaScript a route fetches before its first row. */
const BUDGET_GZIP_KB = 350;
/** A data row: ag-grid's, or the plain table's that tables draw while the grid loads (src/shared/ui/data-grid). */
const FIRST_ROW = '.ag-row, .data-grid__plain tbody tr:not(.data-grid__plain-state)';

const lists = [
  { name: 'b2b_customers', link: 'B2B Customers', grid: 'B2B customers' },
  { name: 'customers', link: 'Customers', grid: 'Customers' },
] as const;

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
        const region = [...document.querySelectorAll('[role="region"]')].find(
          (el) => el.getAttribute('aria-label') === label,
        );
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

/**
 * Loads `url` in a new tab and lists every script whose fetch had started when the first row of the table
 * labelled `label` appeared: finished or not, cached or not, whoever asked for it (stricter than the manifest).
 */
async function scriptsBeforeFirstRow(context: BrowserContext, url: string, label: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.addInitScript(
      ([selector, regionLabel]) => {
        const probe = window as unknown as { scriptsBeforeFirstRow?: string[] };
        const observer = new MutationObserver(() => {
          const region = [...document.querySelectorAll('[role="region"]')].find(
            (el) => el.getAttribute('aria-label') === regionLabel,
          );
          if (!region?.querySelector(selector)) return;
          observer.disconnect();
          const at = performance.now();
          probe.scriptsBeforeFirstRow = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime <= at && new URL(entry.name).pathname.endsWith('.js'))
            .map((entry) => new URL(entry.name).pathname);
        });
        observer.observe(document, { childList: true, subtree: true });
      },
      [FIRST_ROW, label] as const,
    );
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as { scriptsBeforeFirstRow?: string[] }).scriptsBeforeFirstRow !== undefined,
    );
    return page.evaluate(() => (window as unknown as { scriptsBeforeFirstRow: string[] }).scriptsBeforeFirstRow);
  } finally {
    await page.close();
  }
}

/** The scripts' gzip size, from the build the stack serves. */
function gzipKb(scripts: string[]): number {
  const dist = process.env.DIST_DIR ?? path.join(ROOT_DIR, 'dist');
  const bytes = [...new Set(scripts)].reduce(
    (sum, script) => sum + gzipSync(readFileSync(path.join(dist, script))).length,
    0,
  );
  return round(bytes / 1024, 1);
}

export async function benchFirstRow(info: StackInfo) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInAsDemoAdmin(page, info);
    const results: Record<string, unknown> = {};
    for (const list of lists) {
      const first = await clickToFirstRow(page, list);
      const samples: number[] = [];
      for (let i = 0; i < NAVIGATIONS; i += 1) samples.push(await clickToFirstRow(page, list));
      const summary = summarise(samples);
      const scripts = await scriptsBeforeFirstRow(context, page.url(), list.grid);
      const js = gzipKb(scripts);
      results[list.name] = {
        first_visit_ms: round(first),
        ...summary,
        within_goal: summary.p95_ms <= GOAL_P95_MS,
        cold_load_js_before_first_row_gzip_kb: js,
        cold_load_scripts_before_first_row: scripts.length,
        js_within_budget: js <= BUDGET_GZIP_KB,
      };
    }
    return {
      name: 'first-row',
      navigations: NAVIGATIONS,
      goal_p95_ms: GOAL_P95_MS,
      budget_gzip_kb: BUDGET_GZIP_KB,
      viewport: '1440x900',
      ...results,
    };
  } finally {
    await browser.close();
  }
}
