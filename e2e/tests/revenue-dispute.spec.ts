/**
 * A revenue-share dispute end to end (docs/behaviour/revenue-share.md#disputes), against the embedded
 * site: an owner whose share was verified disputes it from /revenue-report (the reason is required), sees
 * it under review and is e-mailed; the admin finds the report 'Disputed' in /revenue-admin, reads the
 * reason and accepts it with corrected figures typed in dollars and cents; the share is recomputed on the
 * server and the owner sees the outcome. At 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, signInAdminRequest, signInThroughApi } from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import {
  openRevenueAdminTab,
  ownerWithReportApart,
  verifyReportThroughApi,
} from '../helpers/revenue-share.js';

test(
  'an owner disputes a verified share and the admin accepts it with corrected figures',
  { tag: '@phone' },
  async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await ownerWithReportApart(baseURL, 'dispute', 'revenue-dispute');
    const admin = await signInAdminRequest(baseURL);
    await verifyReportThroughApi(admin, owner.reportId);
    await admin.dispose();

    // The owner disputes the $800.00 share.
    await signInThroughApi(page, owner.email, PASSWORD);
    await page.goto('/revenue-report');
    const row = page.getByTestId('report-row').filter({ visible: true });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await row.getByRole('button', { name: /^Dispute this share/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispute this share' });
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dialog.getByText('Please say why you dispute this share')).toBeVisible();
    await dialog.getByLabel('Why is this share wrong?').fill('A catering refund of $2,999.45 was left out');
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(row.getByTestId('report-dispute')).toContainText('Dispute under review');
    await expect(row.getByRole('button', { name: /^Dispute this share/ })).toHaveCount(0);
    // The toast may come after the row: axe reads it once it has faded in.
    await expect(page.getByRole('status').filter({ hasText: 'Dispute sent' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'revenue-report-disputed');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-report-disputed');
    const received = await waitForMail(owner.email, { where: (mail) => /dispute/.test(mail.subject) });
    expect(received.subject).toBe('We received your dispute of a revenue share');

    // The admin accepts it: net $7,000.55 over the $2,000.00 baseline, 10 % of $5,000.55 is $500.06.
    const unpaid = await openRevenueAdminTab(page, 'Unpaid Revenue');
    const adminRow = unpaid.getByTestId('report-row').filter({ hasText: owner.email });
    await expect(adminRow.getByTestId('dispute-badge')).toHaveText('Disputed');
    await adminRow.getByRole('button', { name: 'Resolve dispute' }).click();
    const resolve = page.getByRole('dialog', { name: 'Resolve dispute' });
    await expect(resolve.getByText('A catering refund of $2,999.45 was left out')).toBeVisible();
    await resolve.getByLabel('Corrected gross revenue').fill('9,000.55');
    await resolve.getByLabel('Corrected business expenses').fill('2000');
    await expect(resolve.getByTestId('dispute-net')).toContainText('$7,000.55');
    await saveScreenshot(page, testInfo, 'revenue-admin-resolve-dispute');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-admin-resolve-dispute');
    await resolve.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(resolve).toBeHidden();
    await expect(adminRow.getByTestId('dispute-badge')).toHaveText('Dispute accepted');
    await expect(adminRow).toContainText('$500.06');
    const outcome = await waitForMail(owner.email, { where: (mail) => /accepted/.test(mail.subject) });
    expect(outcome.subject).toBe('Your revenue share dispute was accepted');

    // The owner sees the outcome.
    await signInThroughApi(page, owner.email, PASSWORD);
    await page.goto('/revenue-report');
    await expect(row.getByTestId('report-dispute')).toContainText(
      'Dispute accepted: the share went from $800.00 to $500.06.',
    );
    await expect(row.getByTestId('report-shareOwed')).toHaveText('$500.06');
  },
);
