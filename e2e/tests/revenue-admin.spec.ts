/**
 * /revenue-admin, the admin's revenue ledger (docs/behaviour/revenue-share.md#admin-revenue-dashboard),
 * against the embedded site. The site is shared with other specs that create owners and reports, so
 * each test makes its own owner through the API (consent, an agreement date that makes last month their
 * first to report, a report for it) and follows that owner's rows: Pending Reports → Verify → Unpaid
 * Revenue with its days-outstanding badge → Mark Paid in part, then the rest; Send Reminder (the e-mail
 * reaches the SMTP peer; a report reminder with no month due says so); the CSV files; Correct baseline and
 * its record; Agreement date, and the report it puts outside the months to report under Flagged Reports.
 * Who may see it (Access Denied, Unauthorized). The layout at 1280 px and, in the @phone
 * project, 390 px (cards, wrapped tabs, nothing wider than the screen), with axe on both.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Locator, Page, Route } from '@playwright/test';
import { ADMIN, signInThroughApi, signInNewAccount } from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import {
  expectMisplacedCommasRefused,
  expectNoSeriousA11yViolations,
  saveScreenshot,
} from '../helpers/page-checks.js';
import {
  agreedSoFirstMonthIs,
  monthNameBack,
  ownerWithReport,
  ownerWithReportApart,
  type Owner,
  verifyReportThroughApi,
} from '../helpers/revenue-share.js';
import { loseFirstAnswer } from '../helpers/held-requests.js';
import { expectToast } from '../helpers/toasts.js';

/** Admin toasts follow a server answer and may stand twice: the first, within 15 s. */
const TOAST_WAIT = { timeout: 15_000, first: true };

const PAGE = '/revenue-admin';
const DAY_MS = 24 * 60 * 60 * 1000;

async function openLedger(page: Page) {
  await page.goto(PAGE);
  // The first visit loads the remote and its page: allow for a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue Management' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('tab', { name: /^Pending Reports/ })).toBeVisible({ timeout: 20_000 });
}

function tab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${name}`) });
}

/** The row (a table row, or a card on a phone) of the owner in the open tab. */
function rowOf(page: Page, testId: 'report-row' | 'customer-row', email: string): Locator {
  return page.getByRole('tabpanel').getByTestId(testId).filter({ hasText: email });
}

async function download(page: Page, linkName: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: linkName }).click(),
  ]);
  const path = await file.path();
  return readFile(path, 'utf8');
}

test.describe('the revenue ledger', () => {
  test('verify, pay in part then in full, remind, download and correct a baseline', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const ownerRequest = await playwright.request.newContext({ baseURL });
    const owner = await ownerWithReport(ownerRequest, 'ledger', baseURL);

    await signInThroughApi(page, ADMIN.email, ADMIN.password);
    await openLedger(page);

    // The stat cards.
    const stats = page.getByTestId('revenue-stats');
    for (const label of [
      'Revenue Share Customers',
      'Monthly Subscribers',
      'Pending Reports',
      'Outstanding Revenue',
    ]) {
      await expect(stats.getByRole('heading', { name: label })).toBeVisible();
    }
    await expect(stats).toContainText('monthly recurring revenue');
    await expect(stats).toContainText('collected');

    // The owner's report waits under Pending Reports with its figures.
    await expect(tab(page, 'Pending Reports')).toHaveAttribute('aria-selected', 'true');
    const pending = rowOf(page, 'report-row', owner.email);
    await expect(pending).toBeVisible();
    for (const figure of ['$10,000.00', '$2,000.00', '$8,000.00', '$800.00', '$0.00', 'Submitted']) {
      await expect(pending).toContainText(figure);
    }
    await expect(pending.getByRole('button', { name: 'Mark Paid' })).toHaveCount(0);

    // The owner is not overdue: their one month to report is in, and a share is due 30 days after its
    // report. (Other workers' owners share the site, and one is overdue for the moment between its
    // agreement date and its report: the empty state itself is checked in the admin's unit tests.)
    await tab(page, 'Overdue').click();
    const overdue = page.getByRole('tabpanel', { name: /^Overdue/ });
    await expect(
      overdue
        .getByText('All customers are up to date!', { exact: true })
        .or(overdue.getByTestId('customer-row').first()),
    ).toBeVisible();
    await expect(rowOf(page, 'customer-row', owner.email)).toHaveCount(0);
    await tab(page, 'Pending Reports').click();
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue admin, pending reports');

    // Verify: the toast, and the report moves to Unpaid Revenue with its badge.
    await pending.getByRole('button', { name: 'Verify' }).click();
    await expectToast(
      page,
      'Report Verified',
      'Revenue report has been verified and marked for payment collection.',
      TOAST_WAIT,
    );
    await expect(pending).toHaveCount(0);
    await tab(page, 'Unpaid Revenue').click();
    const unpaid = rowOf(page, 'report-row', owner.email);
    await expect(unpaid).toContainText('Verified');
    await expect(unpaid.getByTestId('days-outstanding')).toHaveText('0 days outstanding');

    // Send Reminder (payment, the default for a verified share): the toast and the e-mail.
    await unpaid.getByRole('button', { name: 'Send Reminder' }).click();
    const reminder = page.getByRole('dialog', { name: 'Send Reminder' });
    await expect(reminder.getByRole('radio', { name: 'Payment reminder' })).toBeChecked();
    await reminder.getByRole('button', { name: 'Send Reminder' }).click();
    await expectToast(page, 'Reminder Sent', 'Payment reminder sent', TOAST_WAIT);
    await expect(reminder).toBeHidden();
    const paymentMail = await waitForMail(owner.email, {
      where: (mail) => /revenue share is due/.test(mail.subject),
    });
    expect(paymentMail.subject).toBe('A reminder: $800.00 in revenue share is due');

    // Mark Paid: prefilled with what is owed, shown as typed, more than owed refused, what cannot be read
    // refused under the field, cents taken as typed, a retry after a lost answer recorded once.
    await unpaid.getByRole('button', { name: 'Mark Paid' }).click();
    const payment = page.getByRole('dialog', { name: 'Mark Paid' });
    const amount = payment.getByLabel('Amount received');
    await expect(amount).toHaveValue('800.00');
    await amount.fill('');
    await amount.pressSequentially('12345');
    await expect(amount).toHaveValue('12345');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(amount).toHaveValue('12,345.00');
    await expect(payment).toContainText('The amount is more than the $800.00 still owed on this report');
    await amount.fill('3,00');
    await expectMisplacedCommasRefused(amount);
    await amount.fill('');
    await amount.pressSequentially('300.25');
    await expect(amount).toHaveValue('300.25');
    // The first answer is lost on the way back (poor Wi-Fi): the payment is recorded, the page hears
    // nothing, and its read of the reports fails too. 'Please try again', and the retry records nothing more.
    await loseFirstAnswer(page, '**/api/admin/mark-paid/*');
    const reportsDown = (route: Route) =>
      route.request().method() === 'GET' ? route.abort('connectionreset') : route.fallback();
    await page.route('**/api/admin/revenue-reports', reportsDown);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    // The open dialog hides the rest of the page from the accessibility tree, the toasts' region too (the
    // toast is still read out through its own live status): found by its text.
    await expect(page.getByText('Failed to record payment. Please try again.', { exact: true })).toBeVisible(
      TOAST_WAIT,
    );
    await expect(payment).toBeVisible();
    await page.unroute('**/api/admin/revenue-reports', reportsDown);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment Recorded', '$300.25 recorded', TOAST_WAIT);
    await expect(payment).toBeHidden();
    await page.unroute('**/api/admin/mark-paid/*');
    await expect(unpaid).toContainText('$300.25');

    // The rest: prefilled with the $499.75 still owed; once paid the report leaves Unpaid Revenue.
    await unpaid.getByRole('button', { name: 'Mark Paid' }).click();
    await expect(amount).toHaveValue('499.75');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment Recorded', '$499.75 recorded', TOAST_WAIT);
    await expect(unpaid).toHaveCount(0);

    // All Customers: the owner with what they paid and their first month to report. Last month is
    // reported and this one is still running: a report reminder has nothing to ask for, and says so.
    await tab(page, 'All Customers').click();
    const customer = rowOf(page, 'customer-row', owner.email);
    await expect(customer).toContainText('Current');
    await expect(customer).toContainText('$800.00');
    await expect(customer.getByTestId('first-month')).toHaveText(`Reports from ${monthNameBack(1)}`);
    await customer.getByRole('button', { name: 'Send Reminder' }).click();
    await reminder.getByRole('radio', { name: 'Revenue report reminder' }).check();
    await reminder.getByRole('button', { name: 'Send Reminder' }).click();
    await expect(reminder).toContainText(
      `No report is due yet: the next month to report is ${monthNameBack(0)}, due once it has ended`,
    );
    await reminder.getByRole('button', { name: 'Cancel' }).click();

    // Reminders: what the owner was sent (the admin's own marked) and what comes next.
    await customer.getByRole('button', { name: 'Reminders' }).click();
    const ladder = page.getByRole('dialog', { name: 'Reminders' });
    await expect(ladder.getByRole('list', { name: 'Reminders sent' })).toContainText(
      'Payment reminder sent by the admin',
    );
    await expect(ladder.getByRole('list', { name: 'Reminders coming next' })).toContainText(
      `${monthNameBack(0)} report`,
    );
    await page.keyboard.press('Escape');
    await expect(ladder).toHaveCount(0);

    // The CSV files hold the owner's rows.
    const reportsCsv = await download(page, 'Download reports (CSV)');
    const reportLine = reportsCsv.split('\r\n').find((line) => line.startsWith(owner.reportId));
    expect(reportLine).toContain(owner.email);
    expect(reportLine).toContain('10000.00,2000.00,8000.00,10,800.00,800.00,0.00,paid');
    const customersCsv = await download(page, 'Download customers (CSV)');
    expect(customersCsv.split('\r\n').find((line) => line.includes(owner.email))).toContain(
      '2000.00,1,0.00,800.00,current',
    );

    // Correct baseline: a reason is required; the change is kept and shown.
    await customer.getByRole('button', { name: 'Correct baseline' }).click();
    const correction = page.getByRole('dialog', { name: 'Correct baseline' });
    await expect(correction).toContainText('Not changed since consent.');
    const baseline = correction.getByLabel('New baseline');
    await expect(baseline).toHaveValue('2,000.00');
    await baseline.fill('');
    await baseline.pressSequentially('3500.75');
    await expect(baseline).toHaveValue('3500.75');
    await correction.getByRole('button', { name: 'Save baseline' }).click();
    await expect(baseline).toHaveValue('3,500.75');
    await expect(correction).toContainText('Please give a reason for the correction');
    await correction.getByLabel('Reason').fill('Bank statements show a higher average');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue admin, correct baseline');
    await correction.getByRole('button', { name: 'Save baseline' }).click();
    await expectToast(
      page,
      'Baseline Corrected',
      'Reports submitted from now on use a baseline of $3,500.75.',
      TOAST_WAIT,
    );
    await expect(correction).toBeHidden();
    await expect(customer).toContainText('$3,500.75');
    await customer.getByRole('button', { name: 'Correct baseline' }).click();
    await expect(correction.getByRole('list', { name: 'Earlier changes' })).toContainText(
      '$2,000.00 → $3,500.75',
    );
    await expect(correction).toContainText('Bank statements show a higher average');
    await correction.getByRole('button', { name: 'Cancel' }).click();

    // The owner's own page reads the new baseline; the verified report kept its own.
    const mine = (await (await ownerRequest.get('/api/revenue-reports')).json()) as {
      plan: { baselineNetRevenue: number };
      reports: Array<{ id: string; baselineNetRevenue: number }>;
    };
    expect(mine.plan.baselineNetRevenue).toBe(350_075);
    expect(mine.reports.find((report) => report.id === owner.reportId)?.baselineNetRevenue).toBe(200_000);

    // Agreement date: never in the future; a later agreement puts last month before the first month to
    // report, and the paid report is flagged, not removed.
    await customer.getByRole('button', { name: 'Agreement date' }).click();
    const agreement = page.getByRole('dialog', { name: 'Agreement date' });
    const agreedAt = agreement.getByLabel('Agreement date');
    await expect(agreedAt).toHaveValue(agreedSoFirstMonthIs(1));
    await agreedAt.fill(new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10));
    await agreement.getByLabel('Reason').fill('Signed the paper agreement later');
    await agreement.getByRole('button', { name: 'Save agreement date' }).click();
    await expect(agreement).toContainText('The agreement date cannot be in the future');
    await agreedAt.fill(agreedSoFirstMonthIs(0));
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue admin, agreement date');
    await agreement.getByRole('button', { name: 'Save agreement date' }).click();
    await expectToast(
      page,
      'Agreement Date Recorded',
      `Reports are due from ${monthNameBack(0)}.`,
      TOAST_WAIT,
    );
    await expect(agreement).toBeHidden();
    await expect(customer.getByTestId('first-month')).toHaveText(`Reports from ${monthNameBack(0)}`);
    await expect(customer.getByTestId('flagged-reports')).toHaveText('1 flagged report');
    await tab(page, 'Flagged Reports').click();
    const flagged = rowOf(page, 'report-row', owner.email);
    await expect(flagged).toContainText('Paid');
    await expect(flagged.getByTestId('period-flag')).toHaveText('Before first reportable month');
    await ownerRequest.dispose();
  });

  test('a signed-in owner gets Access Denied and goes home; a visitor goes to log in', async ({ page }) => {
    await signInNewAccount(page, 'revenue-admin', 'denied');
    expect((await page.request.get('/api/admin/revenue-reports')).status()).toBe(403);
    await page.goto(PAGE);
    await expectToast(page, 'Access Denied', 'This page is for the support admin only.', TOAST_WAIT);
    await expect(page.getByText('This page is for the support admin only. Taking you home…')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Download reports (CSV)' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

    await page.context().clearCookies();
    await page.goto(PAGE);
    await expectToast(
      page,
      'Unauthorized',
      'You are logged out. Please log in as the support admin.',
      TOAST_WAIT,
    );
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  });

  test(
    'the layout on a desktop and a phone: tables or cards, the tabs, the chart',
    { tag: '@phone' },
    async ({ page, baseURL }, testInfo) => {
      test.setTimeout(120_000);
      const owners = await Promise.all(
        ['layout', 'layout-verified'].map((label) => ownerWithReportApart(baseURL, label)),
      );
      const [owner, verified] = owners as [Owner, Owner];

      await signInThroughApi(page, ADMIN.email, ADMIN.password);
      await verifyReportThroughApi(page.request, verified.reportId);

      // 40 days on in the browser: the verified share has been outstanding long enough to be flagged.
      await page.clock.setFixedTime(new Date(Date.now() + 40 * DAY_MS));
      const chartChunk = page.waitForResponse(/\/revenue-share-chart\.[0-9a-f]+\.js$/);
      await openLedger(page);
      const phone = (page.viewportSize()?.width ?? 1280) < 1024;

      // The chart is its own chunk, loaded on this page; its figures are also a table.
      expect((await chartChunk).ok()).toBe(true);
      await expect(page.getByTestId('share-chart').locator('.recharts-wrapper')).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByTestId('share-chart').locator('.recharts-bar')).toHaveCount(2);
      const showTable = page.getByRole('button', { name: 'Show the figures as a table' });
      await showTable.click();
      await expect(page.getByRole('table', { name: 'Shares owed and collected per month' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Shares owed and collected per month' }).getByRole('row'),
      ).toHaveCount(13);
      await page.getByRole('button', { name: 'Hide the figures' }).click();

      const pending = rowOf(page, 'report-row', owner.email);
      await expect(pending).toBeVisible();
      if (phone) {
        await expect(page.getByRole('list', { name: 'Pending reports' })).toBeVisible();
        await expect(page.getByRole('table', { name: 'Pending reports' })).toHaveCount(0);
      } else {
        await expect(page.getByRole('table', { name: 'Pending reports' })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Pending reports' })).toHaveCount(0);
      }

      // Every tab is reachable by keyboard (arrow keys move between them).
      await tab(page, 'Pending Reports').focus();
      await page.keyboard.press('ArrowRight');
      await expect(tab(page, 'Unpaid Revenue')).toBeFocused();
      await expect(tab(page, 'Unpaid Revenue')).toHaveAttribute('aria-selected', 'true');
      const unpaid = rowOf(page, 'report-row', verified.email);
      await expect(unpaid.getByTestId('days-outstanding')).toHaveText('40 days outstanding');

      // Nothing is cut off or wider than the screen; all five tabs are on screen.
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
      const width = page.viewportSize()!.width;
      for (const name of [
        'Pending Reports',
        'Unpaid Revenue',
        'All Customers',
        'Overdue',
        'Flagged Reports',
      ]) {
        const box = await tab(page, name).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x, name).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(width);
      }

      await expectNoSeriousA11yViolations(page, testInfo, 'revenue admin, unpaid revenue');
      await saveScreenshot(page, testInfo, 'revenue-admin-unpaid');
      await tab(page, 'All Customers').click();
      await expect(rowOf(page, 'customer-row', owner.email)).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo, 'revenue admin, all customers');
      await saveScreenshot(page, testInfo, 'revenue-admin-customers');
      await rowOf(page, 'customer-row', owner.email).getByRole('button', { name: 'Reminders' }).click();
      await expect(page.getByRole('dialog', { name: 'Reminders' }).getByText('Coming next')).toBeVisible();
      await saveScreenshot(page, testInfo, 'revenue-admin-reminders-dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Reminders' })).toHaveCount(0);
      await rowOf(page, 'customer-row', owner.email).getByRole('button', { name: 'Agreement date' }).click();
      await expect(page.getByRole('dialog', { name: 'Agreement date' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'revenue-admin-agreement-dialog');
      await page
        .getByRole('dialog', { name: 'Agreement date' })
        .getByRole('button', { name: 'Cancel' })
        .click();
      // A later agreement puts the owner's report before their first month: it is flagged.
      const later = await page.request.post(`/api/admin/revenue-customers/${owner.userId}/agreement-date`, {
        data: { agreedAt: agreedSoFirstMonthIs(0), reason: 'Signed later' },
      });
      expect(later.status(), await later.text()).toBe(200);
      await page.reload();
      await expect(tab(page, 'Flagged Reports')).toBeVisible({ timeout: 20_000 });
      await tab(page, 'All Customers').click();
      await expect(rowOf(page, 'customer-row', owner.email).getByTestId('flagged-reports')).toBeVisible();
      await saveScreenshot(page, testInfo, 'revenue-admin-customers-flagged');
      await tab(page, 'Flagged Reports').click();
      await expect(rowOf(page, 'report-row', owner.email).getByTestId('period-flag')).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo, 'revenue admin, flagged reports');
      await saveScreenshot(page, testInfo, 'revenue-admin-flagged');
      await tab(page, 'Pending Reports').click();
      await saveScreenshot(page, testInfo, 'revenue-admin-pending');
      await rowOf(page, 'report-row', owner.email).getByRole('button', { name: 'Send Reminder' }).click();
      await expect(page.getByRole('dialog', { name: 'Send Reminder' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'revenue-admin-reminder-dialog');

      // Mark Paid with an amount it cannot read: the message under the field, on this screen too. (Last:
      // a full-page picture resizes the page, which closes the dialog.)
      await page.keyboard.press('Escape');
      await tab(page, 'Unpaid Revenue').click();
      await rowOf(page, 'report-row', verified.email).getByRole('button', { name: 'Mark Paid' }).click();
      const amount = page.getByRole('dialog', { name: 'Mark Paid' }).getByLabel('Amount received');
      await amount.fill('800.005');
      await amount.press('Tab');
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('dialog', { name: 'Mark Paid' })).toContainText(
        'Use at most two digits after the decimal point (cents), such as 45,000.50',
      );
      await expectNoSeriousA11yViolations(page, testInfo, 'revenue admin, mark paid refused');
      await saveScreenshot(page, testInfo, 'revenue-admin-mark-paid-refused');
    },
  );
});
