/**
 * The revenue-share owner's pages (docs/behaviour/revenue-share.md), against the embedded site:
 * /revenue-share-welcome, the consent (the button waits for the box; the dashboard 1.5 s after the toast,
 * on the page clock), the dashboard's 'Action Required' and revenue-share card; /revenue-report's client
 * checks, amounts typed in dollars and cents (shown as typed, refused with a message when they cannot be
 * read, written the standard way on leaving the field), the calculation box, a report submitted and listed,
 * an overlapping period refused by the server, the first month to report (an owner who joined today cannot
 * report last month), the chart loaded on that page only, 'Pay now' on verified shares, the way back
 * from the payment page and a share settled meanwhile; who is sent where (visitors, accounts without the
 * plan, owners already on it). Axe on every page; screenshots at 1280 px, 390 px (the @phone project) and
 * 375 px. From /pricing through sign-up, and paying a share online to the end, are in
 * revenue-share-journey.spec.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  ADMIN,
  createAccount,
  logIn,
  PASSWORD,
  signInAdminRequest,
  signInThroughApi,
  uniqueEmail,
  signInNewAccount,
} from '../helpers/accounts.js';
import {
  expectMisplacedCommasRefused,
  expectNoSeriousA11yViolations,
  picturesWanted,
  saveScreenshot,
  screenshotBoth,
} from '../helpers/page-checks.js';
import {
  agreedSoFirstMonthIs,
  joinRevenueShare,
  monthBack,
  monthNameBack,
  payNowOnTestProvider,
  recordAgreementDate,
  reportMonthThroughApi,
  shownPeriod,
  verifyReportThroughApi,
} from '../helpers/revenue-share.js';
import { expectToast } from '../helpers/toasts.js';
import { holdRequests } from '../helpers/held-requests.js';

/** A toast follows a server answer (a report with its documents): a loaded machine may take more than 5 s. */
const TOAST_WAIT = { timeout: 15_000 };

const WORKBOOK = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../services/course/media/restaurant-goals-workbook.pdf',
);

/**
 * A signed-in owner on the plan (through the API, as the welcome page does), with a baseline in cents; with
 * `firstMonthBack`, the admin has recorded an agreement date that makes that month (before this one) their
 * first to report.
 */
async function becomeOwner(
  page: Page,
  label: string,
  baselineNetRevenue: number,
  firstMonthBack?: number,
): Promise<string> {
  const email = await signInNewAccount(page, 'owner', label);
  await joinRevenueShare(page, baselineNetRevenue);
  if (firstMonthBack !== undefined) {
    await recordAgreementDate(
      page.request,
      test.info().project.use.baseURL,
      agreedSoFirstMonthIs(firstMonthBack),
    );
  }
  return email;
}

/**
 * A picture of one element at the project's width, kept with the report. The element is found again if
 * the page swaps it for an identical one meanwhile (the dashboard's revenue card moves from the loading
 * layout into the finished one when the rest of the page arrives).
 */
async function screenshotElement(locator: Locator, testInfo: TestInfo, name: string) {
  if (!picturesWanted()) return;
  const width = locator.page().viewportSize()?.width ?? 0;
  const path = testInfo.outputPath(`${name}-${width}px.png`);
  await expect(async () => {
    await locator.screenshot({ path, animations: 'disabled', timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await testInfo.attach(`${name} (${width}px)`, { path, contentType: 'image/png' });
}

test(
  'the welcome page and consent, then the dashboard with the banner and the revenue card',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await signInNewAccount(page, 'owner', 'welcome');
    await page.goto('/revenue-share-welcome');

    // The programme, the timeline and the terms.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Revenue Share' })).toBeVisible();
    for (const point of [
      'Immediate access to Module 1',
      '30-day risk-free implementation',
      'Pay only 10% of net revenue increase',
      'A true partnership',
    ]) {
      await expect(page.getByRole('heading', { name: point })).toBeVisible();
    }
    const timeline = page.getByTestId('welcome-timeline').getByRole('listitem');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(0)).toContainText('Start Module 1');
    await expect(timeline.nth(1)).toContainText('unlock all modules');
    await expect(timeline.nth(2)).toContainText('See results in 30 days');
    const terms = page.getByTestId('welcome-terms').getByRole('listitem');
    await expect(terms).toHaveText([
      '10% of your monthly net revenue increase, after the implementation period',
      'Monthly income reporting is required',
      'Full access to the course',
      '30-day risk-free implementation period',
      'Cancel anytime if you see no improvement',
      'Payment only after results',
    ]);

    // The baseline, shown as it is typed and written the standard way on leaving it, and why it is asked.
    const baseline = page.getByLabel('Average monthly net revenue before the program (optional)');
    await baseline.pressSequentially('30000,5');
    await expect(baseline).toHaveValue('30000,5');
    await expectMisplacedCommasRefused(baseline);
    await baseline.fill('30000');
    await baseline.press('Tab');
    await expect(baseline).toHaveValue('30,000.00');
    await expect(baseline).not.toHaveAttribute('aria-invalid');
    await expect(baseline).toHaveAccessibleDescription(
      /10% of the increase over this amount.*fixed once you agree/,
    );

    // The button waits for the box.
    const start = page.getByRole('button', { name: 'Start Free Implementation' });
    await expect(start).toBeDisabled();
    await screenshotBoth(page, testInfo, 'revenue-share-welcome');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-share-welcome');
    const agree = page.getByRole('checkbox', { name: 'I agree to the Revenue Share Terms (v1.0)' });
    await agree.click();
    await expect(start).toBeEnabled();
    await agree.click();
    await expect(start).toBeDisabled();
    await agree.press('Space');
    await expect(start).toBeEnabled();

    // 'Processing...' while the consent is on its way (held until seen, then sent on unchanged).
    const release = await holdRequests(page, '**/api/revenue-share-consent');
    // The dashboard follows 1.5 s after the toast: on the page's clock, not the wall's.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 1_000));
    await start.click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await expectToast(page, 'Welcome to Revenue Share!', undefined, TOAST_WAIT);
    await page.clock.runFor(1_400);
    await expect(page).toHaveURL(/\/revenue-share-welcome$/);
    await page.clock.runFor(200);
    await page.waitForURL(/\/dashboard$/);
    await page.clock.resume();

    // The dashboard: the consultation banner and the revenue-share card.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ana!' })).toBeVisible();
    const banner = page.getByTestId('consultation-banner');
    await expect(banner.getByRole('heading', { name: 'Action Required' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Revenue Share' });
    await expect(card).toBeVisible();
    // The first month to report is the first that starts after the 30-day risk-free period.
    const firstMonth = new Date();
    firstMonth.setUTCDate(firstMonth.getUTCDate() + 30);
    const monthStart = new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth(), 1));
    if (monthStart < firstMonth) monthStart.setUTCMonth(monthStart.getUTCMonth() + 1);
    const monthName = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(monthStart);
    await expect(card.getByTestId('revenue-next-report')).toContainText(monthName);
    await expect(card.getByTestId('revenue-next-report')).toContainText(/Late after \w{3} \d{1,2}, \d{4}/);
    await expect(card.getByTestId('revenue-amount-owed')).toHaveText('$0.00');
    await expect(card.getByTestId('revenue-share-status')).toHaveText('Current');
    await expect(card.getByRole('link', { name: 'Report revenue' })).toHaveAttribute(
      'href',
      '/revenue-report',
    );
    await screenshotElement(card, testInfo, 'dashboard-revenue-card');
    await expect(page.getByTestId('card-on-file').getByTestId('save-card')).toHaveText('Save a card');
    await saveScreenshot(page, testInfo, 'dashboard-revenue-owner');
    await expectNoSeriousA11yViolations(page, testInfo, 'dashboard-revenue-owner');
  },
);

test(
  'the monthly report: client checks, live dollars, the calculation, a report submitted and listed, an overlap refused',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    // A long walk through one page (about 50 s on the phone beside another spec's own site): more than the
    // default minute on a loaded machine.
    test.setTimeout(120_000);
    await becomeOwner(page, 'report', 3_000_000, 1);
    await page.goto('/revenue-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly Revenue Report' })).toBeVisible();
    await expect(page.getByTestId('info-rate')).toContainText('10%');
    await expect(page.getByTestId('info-rate')).toContainText('of your net revenue increase');
    await expect(page.getByTestId('info-share-value')).toHaveText('$0.00');
    await expect(page.getByTestId('info-due')).toContainText('30 days');
    await expect(page.getByTestId('no-reports')).toBeVisible();
    await expect(page.getByTestId('report-notes')).toContainText(
      'Payments are due within 30 days of submitting your report.',
    );
    await expect(page.getByTestId('report-notes')).toContainText('Keep records');
    await expect(page.getByTestId('report-notes')).toContainText('Inaccurate data may delay');

    // The period starts as the owner's first month to report, last month, which has ended.
    const { start, end } = monthBack(1);
    await expect(page.getByLabel('Reporting period start')).toHaveValue(start);
    await expect(page.getByLabel('Reporting period end')).toHaveValue(end);
    await expect(page.getByTestId('reportable-months')).toContainText(
      `Your months to report start with ${monthNameBack(1)}`,
    );
    await page.getByLabel('Reporting period start').fill('');
    await page.getByLabel('Reporting period end').fill('');

    // Nothing typed: the four required fields say so.
    const submit = page.getByRole('button', { name: 'Submit Report' });
    await submit.click();
    for (const message of [
      'Start date is required',
      'End date is required',
      'Gross revenue is required',
      'Net revenue is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Reporting period start')).toBeFocused();

    // Amounts shown as typed and read to the cent; net computed; the calculation box once there is a share.
    const gross = page.getByLabel('Total gross revenue');
    const expenses = page.getByLabel('Total business expenses');
    const net = page.getByLabel('Net revenue', { exact: true });
    const box = page.getByTestId('share-calculation');
    await expect(net).toHaveAttribute('readonly', '');
    await expect(gross).toHaveAttribute('inputmode', 'decimal');
    await gross.pressSequentially('25000');
    await expect(gross).toHaveValue('25000');
    await expect(net).toHaveValue('25,000.00');
    await expect(page.getByText('Net revenue is required', { exact: true })).toHaveCount(0);
    // Below the $30,000 baseline: no increase, no share, no box.
    await expect(box).toHaveCount(0);

    // Cents typed stay cents: 45000.50 is $45,000.50, never 4,500,050 dollars.
    await gross.fill('');
    await gross.pressSequentially('45000.50');
    await expect(gross).toHaveValue('45000.50');
    await expect(net).toHaveValue('45,000.50');
    await expect(box).toContainText('Net revenue$45,000.50');
    await expect(box).toContainText('Baseline− $30,000.00');
    await expect(box).toContainText('Increase$15,000.50');
    await expect(page.getByTestId('calculated-share')).toHaveText('$1,500.05');
    await expect(page.getByTestId('info-share-value')).toHaveText('$1,500.05');
    // Leaving the field writes it the standard way.
    await gross.press('Tab');
    await expect(gross).toHaveValue('45,000.50');
    await expect(expenses).toBeFocused();

    // What cannot be read is refused under the field, and counts for nothing meanwhile.
    const refusals: Array<[string, string]> = [
      ['4,50,00', 'Put commas only between groups of three digits, such as 45,000.50'],
      ['45000.505', 'Use at most two digits after the decimal point (cents), such as 45,000.50'],
      ['6a00', 'Enter an amount in dollars and cents, such as 45,000.50'],
      ['-45000', 'Gross revenue must be positive'],
    ];
    for (const [typed, message] of refusals) {
      await gross.fill(typed);
      await gross.press('Tab');
      await expect(gross).toHaveValue(typed);
      await expect(page.locator('#report-grossRevenue-error')).toHaveText(message);
      await expect(gross).toHaveAttribute('aria-invalid', 'true');
      await expect(net).toHaveValue('');
      await expect(box).toHaveCount(0);
      await expect(page.getByTestId('info-share-value')).toHaveText('$0.00');
    }
    await screenshotBoth(page, testInfo, 'revenue-report-refused');

    // Dollars and cents as people write them; the message goes once the amount can be read.
    await gross.fill('$45,000.5');
    await gross.press('Tab');
    await expect(gross).toHaveValue('45,000.50');
    await expect(page.locator('#report-grossRevenue-error')).toHaveCount(0);
    await expect(gross).not.toHaveAttribute('aria-invalid');
    await expenses.pressSequentially('1000.25');
    await expect(net).toHaveValue('44,000.25');
    await expect(page.getByTestId('calculated-share')).toHaveText('$1,400.03');
    await expenses.fill('');
    await expect(net).toHaveValue('45,000.50');
    await expect(page.getByTestId('calculated-share')).toHaveText('$1,500.05');

    await page.getByLabel('Reporting period start').fill(start);
    await page.getByLabel('Reporting period end').fill(end);
    await page.getByLabel('Notes (optional)').fill('New dinner menu from the 10th.');
    // The workbook, and a web page saved as a PDF: the server keeps the one and names the other.
    await page.getByLabel('Supporting documents (optional)').setInputFiles([
      { name: path.basename(WORKBOOK), mimeType: 'application/pdf', buffer: await readFile(WORKBOOK) },
      { name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><p>Menu</p>') },
    ]);
    await screenshotBoth(page, testInfo, 'revenue-report-filled');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-report-filled');

    // 'Submitting...' while the report is on its way (held until seen, then sent on unchanged).
    const release = await holdRequests(page, '**/api/revenue-report');
    await submit.click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await expectToast(
      page,
      'Revenue Report Submitted',
      'Your report has been submitted. 10% share: $1,500.05 1 document attached. Not attached: menu.pdf (This file type is not accepted: attach a PDF, an image (JPEG, PNG, WebP, HEIC), a spreadsheet (XLSX, XLS, ODS) or a CSV file).',
      TOAST_WAIT,
    );
    await saveScreenshot(page, testInfo, 'revenue-report-document-refused');
    await page.unroute('**/api/revenue-report');

    // The form is empty again, and the report is in the history.
    await expect(gross).toHaveValue('');
    await expect(page.getByLabel('Reporting period start')).toHaveValue('');
    const row = page.getByTestId('report-row').filter({ visible: true });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('report-period')).toHaveText(shownPeriod({ start, end }));
    await expect(row.getByTestId('report-netRevenue')).toHaveText('$45,000.50');
    await expect(row.getByTestId('report-baselineNetRevenue')).toHaveText('$30,000.00');
    await expect(row.getByTestId('report-revenueIncrease')).toHaveText('$15,000.50');
    await expect(row.getByTestId('report-shareOwed')).toHaveText('$1,500.05');
    await expect(row.getByTestId('report-amountPaid')).toHaveText('$0.00');
    await expect(row.getByTestId('report-status')).toHaveText('Submitted');
    await expect(row.locator('time')).toHaveText(/^\w{3} \d{1,2}, \d{4}$/);
    await expect(row.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
    // The attached document, as a download link.
    const link = row.getByRole('link', { name: 'restaurant-goals-workbook.pdf' });
    await expect(link).toHaveAttribute('href', /^\/api\/revenue-reports\/[0-9a-f-]+\/documents\/[0-9a-f-]+$/);
    const download = await page.request.get((await link.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toBe(
      'attachment; filename="restaurant-goals-workbook.pdf"',
    );

    // The chart, with its text alternative.
    const chart = page.getByTestId('revenue-chart');
    await expect(chart.locator('figcaption')).toHaveText(
      /^Net revenue against your baseline, with the 10% share, for 1 month \(\w{3} \d{4}\)\.$/,
    );
    await expect(chart.locator('.recharts-surface').first()).toBeVisible();
    await expect(chart.getByRole('table', { name: 'Net revenue by month' })).toContainText('$45,000.50');
    await screenshotBoth(page, testInfo, 'revenue-report-history');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-report-history');

    // The same period again: the server's words, beside the field and in the toast; nothing typed is lost.
    await page.getByLabel('Reporting period start').fill(start);
    await page.getByLabel('Reporting period end').fill(end);
    await gross.fill('1000.99');
    await submit.click();
    const overlap = `You already reported revenue for ${start} to ${end}; a report cannot cover the same days twice`;
    await expectToast(page, 'Error', overlap, TOAST_WAIT);
    await expect(page.locator('#report-reportingPeriodStart-error')).toHaveText(overlap);
    await expect(gross).toHaveValue('1,000.99');
    await expect(page.getByLabel('Reporting period start')).toHaveValue(start);
    await expect(page.getByTestId('report-row').filter({ visible: true })).toHaveCount(1);
  },
);

test(
  'an owner who joined today sees their first month to report and cannot report last month',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await becomeOwner(page, 'first-month', 0);
    // The first whole month after the 30 days from now (the site runs on real time).
    const ends = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const monthsAhead =
      (ends.getUTCFullYear() - new Date().getUTCFullYear()) * 12 +
      ends.getUTCMonth() -
      new Date().getUTCMonth() +
      1;
    const firstMonth = monthNameBack(-monthsAhead);
    await page.goto('/revenue-report');
    const note = page.getByTestId('reportable-months');
    await expect(note).toContainText(
      `Your months to report start with ${firstMonth}, the first whole month after your 30-day implementation period. Nothing is owed for the days before it.`,
    );
    await expect(note).toContainText(`You can report ${firstMonth} from`);

    const { start, end } = monthBack(1);
    await page.getByLabel('Reporting period start').fill(start);
    await page.getByLabel('Reporting period end').fill(end);
    await page.getByLabel('Total gross revenue').pressSequentially('15000');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    const refusal = `You can report from ${firstMonth}, the first whole month after your 30-day implementation period`;
    await expect(page.locator('#report-reportingPeriodStart-error')).toHaveText(refusal);
    await expectToast(page, 'Error', refusal, TOAST_WAIT);
    await expect(page.getByTestId('no-reports')).toBeVisible();
    await screenshotBoth(page, testInfo, 'revenue-report-first-month');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-report-first-month');
  },
);

test(
  'the owner sees the reminders to come and those sent on the report page',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    // This month is the first to report, so no month is missing and the shared site's other specs still
    // find every customer up to date.
    await becomeOwner(page, 'reminders', 3_000_000, 0);
    await page.goto('/revenue-report');
    const card = page.getByTestId('revenue-reminders');
    await expect(card.getByRole('heading', { name: 'Reminders' })).toBeVisible();
    // The consultation is not sent yet, and this month's report is still to come.
    const next = card.getByRole('list', { name: 'Reminders coming next' });
    await expect(next).toContainText('Consultation reminder, 24 hours after joining');
    await expect(next).toContainText(`${monthNameBack(0)} report`);
    await expect(card.getByText('Sent to you')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-report-reminders');
  },
);

test(
  'with a card on file the reminders announce the charge to it instead of asking to pay',
  { tag: '@phone' },
  async ({ page, baseURL }, testInfo) => {
    await becomeOwner(page, 'card-reminders', 0, 1);
    const reportId = await reportMonthThroughApi(page.request, 1_000_000, 1);
    const admin = await signInAdminRequest(baseURL);
    await verifyReportThroughApi(admin, reportId);
    await admin.dispose();
    // The card saved on the test provider's page, as the owner's browser does.
    const setup = await page.request.post('/api/saved-card/setup', { data: {} });
    expect(setup.status(), await setup.text()).toBe(200);
    const { url } = (await setup.json()) as { url: string };
    const saved = await page.request.post(`${url}/save/pays`, { maxRedirects: 0 });
    expect(saved.status()).toBe(303);
    // The revenue service learns of the card from the payment service's event.
    await expect
      .poll(async () =>
        JSON.stringify(await (await page.request.get('/api/revenue-reminders')).json()).includes(
          'card-charge',
        ),
      )
      .toBe(true);

    await page.goto('/revenue-report');
    const card = page.getByTestId('revenue-reminders');
    await expect(card.getByRole('heading', { name: 'Reminders' })).toBeVisible();
    const next = card.getByRole('list', { name: 'Reminders coming next' });
    await expect(next).toBeVisible();
    const all = card.getByRole('button', { name: /^Show all/ }).first();
    if (await all.isVisible()) await all.click();
    const share = `Share for ${monthNameBack(1)}`;
    await expect(next).toContainText(
      `${share}: notice that your Visa ending 4242 will be charged on the due date`,
    );
    await expect(next).toContainText(`${share}: charged to your Visa ending 4242`);
    await expect(next).not.toContainText(`${share}: due`);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-report-reminders-card');
  },
);

test('recharts is downloaded by the report page only, not by the public first view or other member pages', async ({
  page,
}) => {
  await becomeOwner(page, 'chunks', 0, 1);
  await reportMonthThroughApi(page.request, 500_000);

  const scripts: Promise<{ url: string; recharts: boolean }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .text()
        .then((body) => ({ url: response.url(), recharts: body.includes('recharts-wrapper') }))
        .catch(() => ({ url: response.url(), recharts: false })),
    );
  });
  // The scripts each page downloaded that hold recharts (found by a class name it renders).
  const takeScripts = async () => {
    const loaded = await Promise.all(scripts.splice(0));
    return loaded.filter((script) => script.recharts).map((script) => script.url);
  };

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await takeScripts()).toEqual([]);

  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'Revenue Share' }).getByTestId('revenue-amount-owed'),
  ).toHaveText('$500.00', { timeout: 15_000 });
  expect(await takeScripts()).toEqual([]);

  await page.goto('/revenue-share-welcome');
  await expect(page.getByTestId('already-on-plan')).toBeVisible();
  expect(await takeScripts()).toEqual([]);

  await page.goto('/revenue-report');
  await expect(page.getByTestId('revenue-chart').locator('.recharts-surface').first()).toBeVisible({
    timeout: 15_000,
  });
  expect(await takeScripts()).toHaveLength(1);
});

test('an owner already on the plan sees it on the welcome page instead of the form', async ({
  page,
}, testInfo) => {
  await becomeOwner(page, 'on-plan', 3_000_000);
  await page.goto('/revenue-share-welcome');
  await expect(
    page.getByRole('heading', { level: 1, name: 'You are on the Premium Success Program' }),
  ).toBeVisible();
  await expect(page.getByTestId('already-on-plan')).toContainText('$30,000.00');
  await expect(page.getByRole('button', { name: 'Start Free Implementation' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'Report revenue' })).toHaveAttribute('href', '/revenue-report');
  // The card on file is offered here too, coming back to this page.
  await expect(page.getByTestId('card-on-file').getByTestId('save-card')).toHaveText('Save a card');
  await screenshotBoth(page, testInfo, 'revenue-share-welcome-on-plan');
  await expectNoSeriousA11yViolations(page, testInfo, 'revenue-share-welcome-on-plan');
});

test('visitors go to /login, and signing in brings a would-be owner back to the welcome page', async ({
  page,
  request,
}) => {
  await page.goto('/revenue-report');
  await expect(page).toHaveURL(/\/login$/);

  const email = uniqueEmail('owner', 'visitor');
  await createAccount(request, email);
  await page.goto('/revenue-share-welcome');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate("localStorage.getItem('pending_plan_selection')")).toBe('revenue_share');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/revenue-share-welcome$/);
  await expect(page.getByRole('button', { name: 'Start Free Implementation' })).toBeDisabled();
  expect(await page.evaluate("localStorage.getItem('pending_plan_selection')")).toBeNull();
});

test('an account without the plan is told why it cannot report, and led to the welcome page', async ({
  page,
}, testInfo) => {
  await signInNewAccount(page, 'owner', 'no-plan');
  await page.goto('/revenue-report');
  const notice = page.getByTestId('not-on-plan');
  await expect(notice).toContainText('Please agree to the Revenue Share Terms before reporting revenue');
  await expect(page.getByRole('button', { name: 'Submit Report' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, testInfo, 'revenue-report-no-plan');
  await notice.getByRole('link', { name: 'See the Premium Success Program' }).click();
  await expect(page).toHaveURL(/\/revenue-share-welcome$/);
  // No revenue-share card on the dashboard of an account without the plan.
  await page.goto('/dashboard');
  await expect(page.getByTestId('course-access-required')).toBeVisible();
  await expect(page.getByTestId('revenue-share-card')).toHaveCount(0);
});

test('the support admin may open the welcome page but not join: the server says why, and nothing changes', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.email, ADMIN.password);
  await page.goto('/revenue-share-welcome');
  await page.getByRole('checkbox', { name: 'I agree to the Revenue Share Terms (v1.0)' }).check();
  let consentStatus = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/revenue-share-consent') consentStatus = response.status();
  });
  await page.getByRole('button', { name: 'Start Free Implementation' }).click();
  await expectToast(page, 'Error', 'The support account cannot join the revenue-share plan', TOAST_WAIT);
  expect(consentStatus).toBe(403);
  // Still on the welcome page, the form as it was, and no plan: the report page says so.
  await expect(page).toHaveURL(/\/revenue-share-welcome$/);
  await expect(page.getByRole('button', { name: 'Start Free Implementation' })).toBeEnabled();
  await page.goto('/revenue-report');
  await expect(page.getByTestId('not-on-plan')).toBeVisible();
});

test(
  "verified shares offer 'Pay now'; turning back charges nothing; a share settled meanwhile is refused in the server's words and shows as paid",
  { tag: '@phone' },
  async ({ page, baseURL }, testInfo) => {
    await becomeOwner(page, 'pay', 0, 2);
    const online = await reportMonthThroughApi(page.request, 1_234_500, 1);
    const offline = await reportMonthThroughApi(page.request, 800_000, 2);
    const admin = await signInAdminRequest(baseURL);
    for (const reportId of [online, offline]) await verifyReportThroughApi(admin, reportId);

    await page.goto('/revenue-report');
    // Newest period first.
    const rows = page.getByTestId('report-row').filter({ visible: true });
    await expect(rows).toHaveCount(2);
    const [latest, earlier] = [rows.nth(0), rows.nth(1)];
    await expect(latest.getByTestId('report-status')).toHaveText('Verified');
    await expect(latest.getByTestId('report-shareOwed')).toHaveText('$1,234.50');
    await expect(earlier.getByTestId('report-shareOwed')).toHaveText('$800.00');
    await expect(latest.getByRole('button', { name: /^Pay now/ })).toBeVisible();
    await expect(earlier.getByRole('button', { name: /^Pay now/ })).toBeVisible();
    await screenshotBoth(page, testInfo, 'revenue-report-verified');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-report-verified');

    // Turning back on the payment page: nothing charged, and the page says so once.
    await payNowOnTestProvider(page, earlier, '$800.00', 'cancel');
    await expect(earlier.getByTestId('report-status')).toHaveText('Verified');

    // Paid offline by the admin while the page was open: nothing is due, and the owner is told so.
    const paid = await admin.post(`/api/admin/mark-paid/${offline}`, { data: { amount: 80_000 } });
    expect(paid.status(), await paid.text()).toBe(200);
    // The payment service learns of the payment from an event: wait until it refuses the checkout.
    await expect
      .poll(async () =>
        (await page.request.post('/api/revenue-share-checkout', { data: { reportId: offline } })).status(),
      )
      .toBe(409);
    await earlier.getByRole('button', { name: /^Pay now/ }).click();
    await expectToast(page, 'Error', 'Nothing is due on this report', TOAST_WAIT);
    await expect(page).toHaveURL(/\/revenue-report$/);

    // Read again, the share settled offline shows as paid; the other still offers 'Pay now'.
    await page.reload();
    await expect(earlier.getByTestId('report-status')).toHaveText('Paid');
    await expect(earlier.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
    await expect(latest.getByRole('button', { name: /^Pay now/ })).toBeVisible();
    await screenshotBoth(page, testInfo, 'revenue-report-paid');
    await admin.dispose();
  },
);

test(
  'the owner saves a card on the TEST MODE page, sees it, replaces it and removes it; nothing is charged',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await becomeOwner(page, 'card-on-file', 3_000_000, 1);
    await page.goto('/revenue-report');
    const card = page.getByTestId('card-on-file');
    await expect(card.getByRole('heading', { name: /Card on file/ })).toBeVisible();
    await expect(card.getByText('TEST MODE', { exact: true })).toBeVisible();
    await expect(card.getByTestId('saved-card')).toHaveText(
      'No card on file. You pay each share with Pay now.',
    );
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-report-no-card');

    await card.getByRole('button', { name: 'Save a card' }).click();
    await expect(page).toHaveURL(/\/api\/test-card-setup\/test_seti_/);
    await expect(page.getByRole('heading', { name: 'Save a card for your revenue share' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('TEST MODE');
    await expectNoSeriousA11yViolations(page, testInfo, 'test-card-setup');
    await page.getByRole('button', { name: /Visa ending 4242/ }).click();
    await expect(page).toHaveURL(/\/revenue-report$/);
    await expect(card.getByTestId('card-outcome')).toContainText('Card saved');
    await expect(card.getByTestId('saved-card')).toHaveText(/^Visa ending 4242, expires 12\/\d{4}$/);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-report-card-saved');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-report-card-saved');

    await card.getByRole('button', { name: 'Replace card' }).click();
    await page.getByRole('button', { name: /Visa ending 0341/ }).click();
    await expect(card.getByTestId('saved-card')).toHaveText(/^Visa ending 0341/);

    await card.getByRole('button', { name: 'Replace card' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByTestId('card-outcome')).toContainText('No card saved');
    await expect(card.getByTestId('saved-card')).toHaveText(/^Visa ending 0341/);

    await card.getByRole('button', { name: 'Remove card' }).click();
    await expect(card.getByTestId('saved-card')).toHaveText(
      'No card on file. You pay each share with Pay now.',
    );
    const orders = await page.request.get('/api/orders');
    expect(((await orders.json()) as { orders: unknown[] }).orders).toEqual([]);
  },
);
