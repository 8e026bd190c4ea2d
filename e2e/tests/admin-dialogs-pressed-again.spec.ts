/**
 * The support admin's dialogs on poor Wi-Fi (`loseFirstAnswer`): the server did the work, its answer was
 * lost, and the page must end up telling the truth, also when the admin presses again and the server
 * refuses the change as already made. /revenue-admin's Correct baseline, Agreement date, Resolve dispute
 * and Mark Paid (docs/behaviour/revenue-share.md#admin-revenue-dashboard), and the consultation response
 * (docs/behaviour/consultation-and-contact.md). The studio, coupons and questions are in
 * admin-pressed-again.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { ADMIN, signInAdminRequest, signInThroughApi, signInNewAccount } from '../helpers/accounts.js';
import { completeRequest, requestFiles, startRequest, uploadRequestFile } from '../helpers/consultation.js';
import { loseFirstAnswer } from '../helpers/held-requests.js';
import { saveScreenshot } from '../helpers/page-checks.js';
import {
  agreedSoFirstMonthIs,
  monthNameBack,
  openRevenueAdminTab,
  ownerWithReport,
  type Owner,
  verifyReportThroughApi,
} from '../helpers/revenue-share.js';
import { expectToast } from '../helpers/toasts.js';

/** A toast follows a server answer and, after a lost one, a second read: a loaded machine may be slow. */
const TOAST_WAIT = { timeout: 15_000, first: true };

/** The page's reads (GET) of `url` fail (the Wi-Fi still down) until the returned function is called. */
async function readsDown(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    route.request().method() === 'GET' ? route.abort('connectionreset') : route.fallback();
  await page.route(url, handler);
  return () => page.unroute(url, handler);
}

/** An owner (their own request context, still signed in) with last month's report of $10,000.00 net. */
async function newOwner(
  playwright: { request: { newContext(options: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  label: string,
): Promise<{ owner: Owner; request: APIRequestContext }> {
  const request = await playwright.request.newContext({ baseURL });
  const owner = await ownerWithReport(request, label, baseURL, 'dialogs-again');
  return { owner, request };
}

function customerRow(page: Page, email: string): Locator {
  return page.getByRole('tabpanel').getByTestId('customer-row').filter({ hasText: email });
}

function reportRow(page: Page, email: string): Locator {
  return page.getByRole('tabpanel').getByTestId('report-row').filter({ hasText: email });
}

/** The text of a toast while a dialog is open (the dialog hides the toasts' region from the roles). */
function toastText(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

test.describe('the revenue ledger', () => {
  test.setTimeout(120_000);

  test('a baseline corrected again after a lost answer the page could not check is told as corrected, once', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const { owner, request } = await newOwner(playwright, baseURL, 'baseline');
    await openRevenueAdminTab(page, 'All Customers');
    const row = customerRow(page, owner.email);
    await row.getByRole('button', { name: 'Correct baseline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct baseline' });
    const baseline = dialog.getByLabel('New baseline');
    await baseline.fill('3,100.50');
    await dialog.getByLabel('Reason').fill('Bank statements on poor Wi-Fi');
    await loseFirstAnswer(page, '**/api/admin/revenue-customers/*/baseline');
    const readsUp = await readsDown(page, '**/api/admin/revenue-customers');
    const save = dialog.getByRole('button', { name: 'Save baseline' });
    await save.click();
    await expect(toastText(page, 'Failed to correct the baseline. Please try again.')).toBeVisible(
      TOAST_WAIT,
    );
    await expect(baseline).toHaveValue('3,100.50');
    await readsUp();
    await save.click();
    await expectToast(
      page,
      'Baseline Corrected',
      'Reports submitted from now on use a baseline of $3,100.50.',
      TOAST_WAIT,
    );
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The baseline is already', { exact: false })).toHaveCount(0);
    await expect(row).toContainText('$3,100.50');
    await saveScreenshot(page, testInfo, 'baseline-corrected-again');
    const admin = await signInAdminRequest(baseURL);
    const changes = (await (
      await admin.get(`/api/admin/revenue-customers/${owner.userId}/baseline-changes`)
    ).json()) as unknown[];
    expect(changes).toHaveLength(1);
    await admin.dispose();
    await request.dispose();
  });

  test('a baseline that never reached the server is told as failed, what was typed kept', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { owner, request } = await newOwner(playwright, baseURL, 'baseline-unsent');
    await openRevenueAdminTab(page, 'All Customers');
    const row = customerRow(page, owner.email);
    await row.getByRole('button', { name: 'Correct baseline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct baseline' });
    await dialog.getByLabel('New baseline').fill('2,900.00');
    await dialog.getByLabel('Reason').fill('Never sent');
    await page.route('**/api/admin/revenue-customers/*/baseline', (route) => route.abort('connectionreset'), {
      times: 1,
    });
    await dialog.getByRole('button', { name: 'Save baseline' }).click();
    await expect(toastText(page, 'Failed to correct the baseline. Please try again.')).toBeVisible(
      TOAST_WAIT,
    );
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('New baseline')).toHaveValue('2,900.00');
    await expect(dialog.getByLabel('Reason')).toHaveValue('Never sent');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('$2,000.00');
    await request.dispose();
  });

  test('an agreement date recorded again after a lost answer the page could not check is told as recorded', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const { owner, request } = await newOwner(playwright, baseURL, 'agreement');
    await openRevenueAdminTab(page, 'All Customers');
    const row = customerRow(page, owner.email);
    await row.getByRole('button', { name: 'Agreement date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agreement date' });
    await dialog.getByLabel('Agreement date').fill(agreedSoFirstMonthIs(0));
    await dialog.getByLabel('Reason').fill('Signed the paper agreement later');
    await loseFirstAnswer(page, '**/api/admin/revenue-customers/*/agreement-date');
    const readsUp = await readsDown(page, '**/api/admin/revenue-customers');
    const save = dialog.getByRole('button', { name: 'Save agreement date' });
    await save.click();
    await expect(toastText(page, 'Failed to record the agreement date. Please try again.')).toBeVisible(
      TOAST_WAIT,
    );
    await readsUp();
    await save.click();
    await expectToast(
      page,
      'Agreement Date Recorded',
      `Reports are due from ${monthNameBack(0)}.`,
      TOAST_WAIT,
    );
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The agreement date is already', { exact: false })).toHaveCount(0);
    await expect(row.getByTestId('first-month')).toHaveText(`Reports from ${monthNameBack(0)}`);
    await saveScreenshot(page, testInfo, 'agreement-date-recorded-again');
    await request.dispose();
  });

  /** An owner whose verified $800.00 share they dispute, and the admin's Resolve dispute dialog open. */
  async function openDispute(
    page: Page,
    playwright: Parameters<typeof newOwner>[0],
    baseURL: string | undefined,
    label: string,
  ): Promise<{ owner: Owner; request: APIRequestContext; row: Locator; dialog: Locator }> {
    const { owner, request } = await newOwner(playwright, baseURL, label);
    const admin = await signInAdminRequest(baseURL);
    await verifyReportThroughApi(admin, owner.reportId);
    await admin.dispose();
    const disputed = await request.post(`/api/revenue-reports/${owner.reportId}/dispute`, {
      data: { reason: 'A catering refund was left out' },
    });
    expect(disputed.status(), await disputed.text()).toBe(201);
    await openRevenueAdminTab(page, 'Unpaid Revenue');
    const row = reportRow(page, owner.email);
    await row.getByRole('button', { name: 'Resolve dispute' }).click();
    return { owner, request, row, dialog: page.getByRole('dialog', { name: 'Resolve dispute' }) };
  }

  test('a dispute accepted again after a lost answer the page could not check is told as accepted', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const { request, row, dialog } = await openDispute(page, playwright, baseURL, 'dispute-accept');
    await dialog.getByLabel('Corrected gross revenue').fill('9,000.55');
    await dialog.getByLabel('Corrected business expenses').fill('2000');
    await loseFirstAnswer(page, '**/api/admin/revenue-reports/*/dispute/accept');
    const readsUp = await readsDown(page, '**/api/admin/revenue-reports');
    const accept = dialog.getByRole('button', { name: 'Accept', exact: true });
    await accept.click();
    await expect(toastText(page, 'The dispute could not be resolved. Please try again.')).toBeVisible(
      TOAST_WAIT,
    );
    await expect(dialog.getByLabel('Corrected gross revenue')).toHaveValue('9,000.55');
    await readsUp();
    await accept.click();
    await expectToast(
      page,
      'Dispute accepted',
      'Dispute accepted; the share was recomputed from the corrected figures',
      TOAST_WAIT,
    );
    await expect(dialog).toBeHidden();
    await expect(page.getByText('This report has no open dispute', { exact: true })).toHaveCount(0);
    await expect(row.getByTestId('dispute-badge')).toHaveText('Dispute accepted');
    await expect(row).toContainText('$500.06');
    await saveScreenshot(page, testInfo, 'dispute-accepted-again');
    await request.dispose();
  });

  test('a dispute rejected with a lost answer is told as rejected', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const { request, row, dialog } = await openDispute(page, playwright, baseURL, 'dispute-reject');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByLabel('Reason').fill('The refund came in the next month');
    await loseFirstAnswer(page, '**/api/admin/revenue-reports/*/dispute/reject');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).last().click();
    await expectToast(page, 'Dispute rejected', 'Dispute rejected', TOAST_WAIT);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The dispute could not be resolved. Please try again.')).toHaveCount(0);
    await expect(row.getByTestId('dispute-badge')).toHaveText('Dispute rejected');
    await saveScreenshot(page, testInfo, 'dispute-rejected-answer-lost');
    await request.dispose();
  });

  test('a payment of all that is owed whose answer was lost is told as recorded, once', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const { owner, request } = await newOwner(playwright, baseURL, 'paid-lost');
    const admin = await signInAdminRequest(baseURL);
    await verifyReportThroughApi(admin, owner.reportId);
    await openRevenueAdminTab(page, 'Unpaid Revenue');
    const row = reportRow(page, owner.email);
    await row.getByRole('button', { name: 'Mark Paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Paid' });
    await expect(dialog.getByLabel('Amount received')).toHaveValue('800.00');
    await loseFirstAnswer(page, '**/api/admin/mark-paid/*');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Payment Recorded', '$800.00 recorded', TOAST_WAIT);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Failed to record payment. Please try again.')).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'payment-answer-lost');
    const reports = (await (await admin.get('/api/admin/revenue-reports')).json()) as {
      id: string;
      amountPaid: number;
    }[];
    expect(reports.find((report) => report.id === owner.reportId)?.amountPaid).toBe(80_000);
    await admin.dispose();
    await request.dispose();
  });
});

test.describe('the consultation response', () => {
  const ADMIN_PAGE = '/private-admin-panel-support-only';

  async function openSubmission(page: Page): Promise<{ detail: Locator; item: Locator }> {
    const email = await signInNewAccount(page, 'dialogs-again', 'consultation');
    const businessName = `Wi-Fi Bistro ${randomUUID().slice(0, 6)}`;
    const started = await startRequest(page.request, {
      email,
      businessName,
      ownerName: 'Ana Silva',
      location: 'Portland, OR',
    });
    for (const file of await requestFiles(['dining-room.png'])) {
      await uploadRequestFile(page.request, started, file);
    }
    await completeRequest(page.request, started);
    await page.context().clearCookies();
    await signInThroughApi(page, ADMIN.email, ADMIN.password);
    await page.goto(ADMIN_PAGE);
    const item = page.getByRole('button', { name: new RegExp(businessName) });
    await item.click();
    return { detail: page.getByTestId('submission-detail'), item };
  }

  test('a response sent with a lost answer is told as completed, and the page shows it completed', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { detail, item } = await openSubmission(page);
    await detail.getByLabel('Consultation Response').fill('Move the host stand to the door.');
    await loseFirstAnswer(page, '**/api/consultations/*/respond');
    await detail.getByRole('button', { name: 'Mark Completed' }).click();
    await expectToast(
      page,
      'Consultation Completed',
      'The response has been saved and e-mailed to the client.',
      TOAST_WAIT,
    );
    await expect(page.getByText('Failed to update consultation status.')).toHaveCount(0);
    await expect(detail.getByTestId('consultation-status')).toHaveText('Completed');
    await expect(item.getByTestId('consultation-status')).toHaveText('Completed');
    await expect(detail.getByLabel('Consultation Response')).toHaveValue('Move the host stand to the door.');
    await saveScreenshot(page, testInfo, 'consultation-completed-answer-lost');
  });

  test('marked in review with a lost answer is told as updated', async ({ page }) => {
    test.setTimeout(120_000);
    const { detail, item } = await openSubmission(page);
    await loseFirstAnswer(page, '**/api/consultations/*/respond');
    await detail.getByRole('button', { name: 'Mark In Review' }).click();
    await expectToast(page, 'Status Updated', 'The consultation is now in review.', TOAST_WAIT);
    await expect(detail.getByTestId('consultation-status')).toHaveText('In Review');
    await expect(item.getByTestId('consultation-status')).toHaveText('In Review');
  });

  test('a response that never reached the server is told as failed, what was typed kept', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { detail, item } = await openSubmission(page);
    await detail.getByLabel('Consultation Response').fill('Cut the menu to 24 dishes.');
    await page.route('**/api/consultations/*/respond', (route) => route.abort('connectionreset'), {
      times: 1,
    });
    await detail.getByRole('button', { name: 'Mark Completed' }).click();
    await expectToast(page, 'Error', 'Failed to update consultation status.', TOAST_WAIT);
    await expect(detail.getByLabel('Consultation Response')).toHaveValue('Cut the menu to 24 dishes.');
    await expect(item.getByTestId('consultation-status')).toHaveText('Pending');
  });
});
