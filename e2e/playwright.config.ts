import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useFastScratchFolder } from '../scripts/test-scratch.mjs';

// The site's data, the mail the peer saves and the browsers' profiles live in memory when the machine
// allows (scripts/test-scratch.mjs); the site, the workers and the browsers inherit TMPDIR.
useFastScratchFolder();

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `e2e-data-${process.pid}`);
// Global teardown removes it (it runs when every test is done, before the site is stopped).
process.env.E2E_DATA_DIR = dataDir;
// A real SMTP peer (global-setup-smtp.ts) receives what the site's notification service sends.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
// Debian's headless shell (package chromium-headless-shell: the same Chromium build without the browser's
// window and its compositor) when it is installed, as Playwright itself prefers for headless runs; the full
// chromium otherwise. Measured side by side on four spec files (71 tests, desktop, three workers): 98 s
// with the shell against 144 s with the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browserPath =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup-smtp.ts',
  outputDir: './test-results',
  timeout: 60_000,
  // An assertion waits up to 10 s (Playwright's default is 5 s). Three workers, the sites some specs start
  // of their own and the browsers share two cores, and CI machines are busier still: a first view that
  // takes 2-3 s here took more than 5 s there, with nothing wrong but the load. Assertions that pass
  // return at once, so this costs nothing when the suite is green.
  expect: { timeout: 10_000 },
  // Tests run side by side against the one site, those of one file too: every test makes its own
  // accounts and data, so no two tests share state. A file whose tests share something (a site of its
  // own, a build made in beforeAll) keeps them in order in one worker with test.describe.configure. Files
  // handed out whole left a worker finishing a long file while the others idled.
  fullyParallel: true,
  // Three workers: with no trace recorded the suite leaves a core idle part of the time on two workers
  // (measured on this 2-core machine: 4 spec files 108 s on two, 95 s on three; the whole suite 656 s on
  // three against 1,040 s on two with traces).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/results.json' }],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace by default: recording one for every test (a screencast of each page and a DOM snapshot per
    // action) took a third of the suite's time, measured side by side, and CI keeps only what the run
    // prints. A failure still leaves its screenshot and its page's accessibility tree (error-context.md).
    // E2E_TRACE=retain-on-failure records them while investigating.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    // Playwright's own default lets a click wait as long as the whole test: one that never becomes possible
    // would then fail only at the test's timeout, naming the last line run rather than the one stuck.
    // Navigations keep the test's own limit: a first view on a loaded CI machine can take longer.
    actionTimeout: 30_000,
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // Every spec runs on the desktop. The phone runs only what a phone changes: specs named mobile-*.spec.ts,
  // and tests tagged @phone (layouts, screenshots and the flows owners take on a phone). desktop-*.spec.ts
  // run on the desktop only. No test skips itself.
  projects: [
    {
      name: 'desktop',
      testIgnore: /(^|\/)mobile-[^/]*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: /(^|\/)desktop-[^/]*\.spec\.ts$/,
      grep: /@phone/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    },
  ],
  webServer: {
    // The embedded mode exactly as a newcomer starts it, on fresh data.
    command: `rm -rf ${dataDir} && node ../scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      POSTGRES_URL: '',
      NATS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The one support admin (docs/decisions.md, 11), as e2e/helpers/accounts.ts signs in with it.
      ADMIN_EMAIL: 'support@example.com',
      ADMIN_PASSWORD: 'Support+Admin+2026!',
      // Cheap password hashing for test accounts (services/auth: TEST_PASSWORD_HASH_ENV).
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_ITERATIONS: '1',
      // Estimates for missing reports within seconds, not the default 15 minutes (e2e/tests/revenue-estimate.spec.ts).
      REVENUE_ESTIMATES_INTERVAL_MS: '3000',
      // New PGlite folders start from migrated templates (packages/service-kit/src/db/pglite-template.ts).
      PGLITE_TEMPLATE_CACHE: path.resolve('..', 'node_modules', '.cache', 'pglite-templates'),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
