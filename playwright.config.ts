import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './tests/support/ensure-chromium.ts';
import { stackInfo } from './tests/support/stack-info.ts';

// Browsers cannot be downloaded here: Debian's Chromium is used instead.
const chromium = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // WebGL for the maps: without a GPU, Chromium draws WebGL only with SwiftShader allowed.
    '--enable-unsafe-swiftshader',
  ],
};

// No webServer: the test runner starts the stack (gateway serving dist/ and the API on one
// origin) and names its info file in STACK_INFO_FILE before Playwright starts.
export default defineConfig({
  testDir: 'tests/e2e',
  // One spec file at a time by default (one shared database); E2E_WORKERS=2 runs two, which the layout audit
  // does not yet survive on two cores.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    // `npm test` names the failures again in its summary, read from this report.
    ...(process.env.TEST_REPORT_DIR
      ? [['json', { outputFile: `${process.env.TEST_REPORT_DIR}/e2e.json` }] as const]
      : []),
  ],
  use: {
    baseURL: stackInfo().apiUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Every test runs on desktop except those written for the phone alone.
    { name: 'desktop', grepInvert: /@phone-only/, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    // The phone project runs the flows people use on phones (customers' public pages, drivers signing in),
    // tagged `@phone` or `@phone-only`; layout checks of staff screens set a phone viewport inside desktop tests.
    { name: 'phone', grep: /@phone/, use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
});
