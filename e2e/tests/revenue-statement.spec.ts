/**
 * The owner's reminders and monthly statement (docs/behaviour/revenue-share.md#the-reminder-ladder and
 * #monthly-statements), against the embedded site: an owner whose $800.00 share was verified and paid
 * $300.00 sees what reminders come next, reads this month's statement on /revenue-report (the share, the
 * payment, 'Balance so far' $500.00) and downloads it as a PDF; the admin downloads the same copy from
 * /revenue-admin. At 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, signInAdminRequest, signInThroughApi } from '../helpers/accounts.js';
import { downloadOf, expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import {
  monthNameBack,
  openRevenueAdminTab,
  ownerWithReportApart,
  verifyReportThroughApi,
} from '../helpers/revenue-share.js';

test(
  'an owner sees the reminders to come and downloads the monthly statement; the admin downloads the same',
  { tag: '@phone' },
  async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await ownerWithReportApart(baseURL, 'statement', 'revenue-statement');
    const admin = await signInAdminRequest(baseURL);
    await verifyReportThroughApi(admin, owner.reportId);
    const paid = await admin.post(`/api/admin/mark-paid/${owner.reportId}`, { data: { amount: 30_000 } });
    expect(paid.status(), await paid.text()).toBe(200);
    await admin.dispose();
    const month = new Date().toISOString().slice(0, 7);
    const reported = monthNameBack(1);

    await signInThroughApi(page, owner.email, PASSWORD);
    await page.goto('/revenue-report');

    // The ladder: the verified share's payment reminders come next (after this month's report's, the list
    // shows five at first).
    const reminders = page.getByTestId('revenue-reminders');
    const next = reminders.getByRole('list', { name: 'Reminders coming next' });
    await expect(next.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
    await reminders
      .getByRole('button', { name: /^Show all/ })
      .first()
      .click();
    await expect(next).toContainText(`Share for ${reported}: due in 3 days`);
    await expect(next).toContainText(`Share for ${reported}: due today`);
    await saveScreenshot(page, testInfo, 'revenue-statement-reminders');

    // This month's statement: the share submitted today, the payment, the balance so far.
    const statement = page.getByTestId('revenue-statement');
    await expect(statement.getByRole('heading', { name: 'Monthly statement' })).toBeVisible();
    await expect(statement.getByLabel('Month')).toHaveValue(month);
    await expect(statement).toContainText(`${reported} report: net $10,000.00, share $800.00`);
    const activity = statement.getByRole('list', { name: /^Activity in / });
    await expect(activity.getByRole('listitem')).toHaveCount(2);
    await expect(activity).toContainText(`Share of the ${reported} report`);
    await expect(activity).toContainText(`Payment of the ${reported} share, recorded by support`);
    await expect(activity).toContainText('-$300.00');
    await expect(statement.getByText('Balance so far')).toBeVisible();
    await expect(statement.getByRole('definition').last()).toHaveText('$500.00');
    await statement.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-statement-owner');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-statement-owner');

    const mine = await downloadOf(page, () => statement.getByRole('link', { name: 'Download PDF' }).click());
    expect(mine.name).toBe(`revenue-statement-${month}.pdf`);
    expect(mine.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await testInfo.attach('statement (owner)', { body: mine.bytes, contentType: 'application/pdf' });

    // The months go back to the consent's, which was today.
    await expect(statement.getByLabel('Month').locator('option')).toHaveCount(1);

    // The admin's copy, from the ledger.
    const customers = await openRevenueAdminTab(page, 'All Customers');
    const customer = customers.getByTestId('customer-row').filter({ hasText: owner.email });
    await customer.getByRole('button', { name: 'Statement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Monthly statement' });
    await expect(dialog.getByLabel('Month')).toHaveValue(month);
    await saveScreenshot(page, testInfo, 'revenue-statement-admin');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-statement-admin');
    const copy = await downloadOf(page, () => dialog.getByRole('link', { name: 'Download PDF' }).click());
    expect(copy.name).toBe(`revenue-statement-${month}.pdf`);
    expect(copy.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  },
);
