/**
 * Leaving the revenue-share programme (docs/behaviour/revenue-share.md#leaving-the-programme), against the
 * embedded site: an owner who owes $800.00 opens 'Leave the program' on the dashboard, reads what stays
 * owed, gives a reason and leaves; the card then says since when; both e-mails arrive over SMTP; the admin
 * sees 'Left' and the reason in /revenue-admin. At 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, PASSWORD, signInThroughApi } from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import { openRevenueAdminTab, ownerWithReportApart } from '../helpers/revenue-share.js';

test(
  'an owner leaves the programme from the dashboard; what is owed stays owed and the admin is told',
  { tag: '@phone' },
  async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await ownerWithReportApart(baseURL, 'leave', 'revenue-leave');

    await signInThroughApi(page, owner.email, PASSWORD);
    await page.goto('/dashboard');
    const card = page.getByTestId('revenue-share-card');
    await expect(card.getByTestId('revenue-amount-owed')).toHaveText('$800.00', { timeout: 20_000 });
    await card.getByRole('button', { name: 'Leave the program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the Premium Success Program?' });
    await expect(dialog).toContainText('What you owe stays owed: $800.00 today');
    await expect(dialog).toContainText('No report is asked for or taken after you leave');
    await expect(dialog).toContainText('Your course access stays as it is.');
    await dialog.getByRole('button', { name: 'Leave the program' }).click();
    await expect(dialog.getByText('Please tell us why you are leaving')).toBeVisible();
    await dialog.getByLabel('Why are you leaving?').fill('No improvement after three months');
    await saveScreenshot(page, testInfo, 'revenue-leave-dialog');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-leave-dialog');
    await dialog.getByRole('button', { name: 'Leave the program' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('revenue-left')).toContainText('You left the program on');
    await expect(card.getByTestId('revenue-left')).toContainText('What you owe stays owed.');
    await expect(card.getByTestId('revenue-amount-owed')).toHaveText('$800.00');
    await expect(card.getByRole('button', { name: 'Leave the program' })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-leave-dashboard');

    // The report page takes no report any more; what is owed stays below.
    await page.goto('/revenue-report');
    await expect(page.getByTestId('revenue-left-notice')).toContainText('no more reports are taken', {
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: 'Submit Report' })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'revenue-leave-report-page');

    const confirmation = await waitForMail(owner.email, {
      where: (mail) => mail.subject === 'You left the Premium Success Program',
    });
    expect(confirmation.text).toContain('What was owed stays owed: $800.00 today');
    const notice = await waitForMail(ADMIN.email, {
      where: (mail) => mail.subject === `Left the revenue share program: ${owner.email}`,
    });
    expect(notice.text).toContain('No improvement after three months');

    const customers = await openRevenueAdminTab(page, 'All Customers');
    const customer = customers.getByTestId('customer-row').filter({ hasText: owner.email });
    await expect(customer.getByTestId('customer-left')).toContainText('Left');
    await expect(customer.getByTestId('customer-left')).toContainText('No improvement after three months');
    await customer.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-leave-admin');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-leave-admin');
  },
);
